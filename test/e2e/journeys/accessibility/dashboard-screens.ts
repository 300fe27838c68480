// axe-core on each dashboard screen, with Statistics drawing its charts from a real view and
// click, and on the public card, in light and dark mode: no serious or critical violation.
import { axeCollector, heading, type Screen } from '../../harness/a11y.ts';
import { addLinks, signedInAccount, visitAndClick } from '../../harness/api.ts';
import { visible } from '../../harness/expect.ts';
import type { Journey } from '../../harness/journey.ts';

export const dashboardScreens: Journey = {
  name: 'accessibility, light and dark mode: dashboard screens with data',
  async run(t) {
    const { page, app, browser, context } = t;
    const axe = axeCollector(t, 'light and dark');
    const username = t.unique('grace');
    const { api } = await signedInAccount(context, app, username, 'Grace Hopper');
    const [website] = await addLinks(api, [
      { title: 'Website', url: 'https://example.com/grace' },
      { title: 'Old blog', url: 'https://example.com/blog', is_active: false },
    ]);
    await t.step('a visitor views the card and clicks a link; the counters are flushed', async () => {
      await visitAndClick(browser, app, username, website!);
      await app.flush();
    });

    const statsReady = async () => {
      await heading('Statistics')(page);
      // The charts are drawn: the daily series and the breakdowns, not the empty state.
      await visible(page.getByRole('heading', { name: 'Daily Activity', exact: true }));
      await visible(page.getByText(/^All time: 1 view, 1 click$/));
      await visible(page.getByRole('heading', { name: 'Performance Insights', exact: true }));
    };
    const screens: Screen[] = [
      { label: 'dashboard', path: '/dashboard', ready: heading('Welcome back, Grace!') },
      { label: 'profile', path: '/dashboard/profile', ready: heading('Profile Settings') },
      { label: 'links', path: '/dashboard/links', ready: heading('Manage Links') },
      { label: 'themes', path: '/dashboard/themes', ready: heading('Theme Settings') },
      { label: 'templates', path: '/dashboard/templates', ready: heading('Template Gallery') },
      { label: 'statistics with data', path: '/dashboard/stats', ready: statsReady },
      { label: 'settings', path: '/dashboard/settings', ready: heading('Settings') },
      { label: 'security', path: '/dashboard/security', ready: heading('Security') },
      { label: 'your data', path: '/dashboard/data', ready: heading('Your data') },
      { label: 'public card', path: `/p/${username}`, ready: heading('Grace Hopper'), rendered: true },
      { label: 'report form', path: `/p/${username}/report`, ready: heading(`Report @${username}`), rendered: true },
    ];
    for (const screen of screens) await axe.screen(screen);
    await axe.assertNone();
  },
};
