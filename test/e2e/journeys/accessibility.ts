// axe-core on every screen a person meets: no serious or critical violation, light and dark.
import type { Page } from 'playwright-core';
import { axeViolations } from '../harness/a11y.ts';
import { signedInAccount } from '../harness/api.ts';
import { hidden, visible } from '../harness/expect.ts';
import type { Journey, JourneyContext } from '../harness/journey.ts';

type Screen = { label: string; path: string; ready: (page: Page) => Promise<void> };

const heading = (name: string) => (page: Page) => visible(page.getByRole('heading', { name, exact: true }));

const PUBLIC_SCREENS: Screen[] = [
  { label: 'landing', path: '/', ready: heading('Your Digital Identity, Simplified') },
  { label: 'sign-in', path: '/auth/login', ready: heading('Welcome back') },
  { label: 'register', path: '/auth/register', ready: heading('Create your account') },
];

const DASHBOARD_SCREENS: Screen[] = [
  { label: 'dashboard', path: '/dashboard', ready: heading('Welcome back, Grace!') },
  { label: 'profile', path: '/dashboard/profile', ready: heading('Profile Settings') },
  { label: 'links', path: '/dashboard/links', ready: heading('Manage Links') },
  { label: 'themes', path: '/dashboard/themes', ready: heading('Theme Settings') },
  { label: 'templates', path: '/dashboard/templates', ready: heading('Template Gallery') },
  { label: 'statistics', path: '/dashboard/stats', ready: heading('Statistics') },
];

async function check(t: JourneyContext, screen: Screen, found: string[]) {
  await t.step(`axe on ${screen.label}`, async () => {
    await t.page.goto(`${t.app.baseUrl}${screen.path}`);
    await screen.ready(t.page);
    // Skeletons and route transitions settle first: axe judges what a person reads.
    await hidden(t.page.locator('[aria-busy="true"]'));
    found.push(...(await axeViolations(t.page, screen.label)));
  });
}

function accessibility(scheme: 'light' | 'dark'): Journey {
  return {
    name: `accessibility, ${scheme} mode`,
    colorScheme: scheme,
    timeoutMs: 240_000,
    async run(t) {
      const { page, app, context } = t;
      // Both ways the app learns the scheme: the stored choice and the system setting.
      await context.addInitScript((value) => {
        try {
          localStorage.setItem('theme', value);
        } catch {
          // about:blank (axe's own scratch page) has no storage.
        }
      }, scheme);
      const found: string[] = [];
      for (const screen of PUBLIC_SCREENS) await check(t, screen, found);

      const username = t.unique('grace');
      const { api } = await signedInAccount(context, app, username, 'Grace Hopper');
      await api.post('/v1/user/links', {
        title: 'Website',
        url: 'https://example.com/grace',
        icon: '',
        display_order: 0,
        is_active: true,
      });
      await api.post('/v1/user/links', {
        title: 'Old blog',
        url: 'https://example.com/blog',
        icon: '',
        display_order: 1,
        is_active: false,
      });
      for (const screen of DASHBOARD_SCREENS) await check(t, screen, found);

      await check(t, { label: 'public card', path: `/p/${username}`, ready: heading('Grace Hopper') }, found);
      await t.step('the dark scheme is applied', async () => {
        await page.goto(`${app.baseUrl}/dashboard`);
        await visible(page.getByRole('heading', { name: 'Welcome back, Grace!', exact: true }));
        const dark = ((await page.locator('html').getAttribute('class')) ?? '').split(' ').includes('dark');
        if (dark !== (scheme === 'dark'))
          throw new Error(`expected the ${scheme} scheme, <html> dark class is ${dark}`);
      });
      await t.step('no serious or critical violation on any screen', async () => {
        if (found.length > 0) {
          throw new Error(`${found.length} serious or critical axe violation(s):\n${found.join('\n')}`);
        }
      });
    },
  };
}

export const accessibilityLight = accessibility('light');
export const accessibilityDark = accessibility('dark');
