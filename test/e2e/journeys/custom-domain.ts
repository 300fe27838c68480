// A card on its owner's own domain, as development offers it: a name under `.localhost` (which
// Chromium resolves to this machine) added on the Share screen is active at once; a visitor opens
// it and sees the card, counted as a view; removed, the name answers 404.
import { signedInAccount } from '../harness/api.ts';
import { openSection } from '../harness/dashboard.ts';
import { equal, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

export const customDomain: Journey = {
  name: 'custom domain: a .localhost name on Share serves the card, counts the view, and 404s once removed',
  timeoutMs: 120_000,
  async run(t) {
    const { page, app, context, browser } = t;
    const username = t.unique('domain');
    const { api } = await signedInAccount(context, app, username, 'Maya Angelou');
    const host = `card.${username}.localhost`;
    const cardAddress = `http://${host}:${new URL(app.baseUrl).port}/`;

    await t.step('Share: add the domain; it is active at once in development', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await openSection(t, 'Share');
      await page.getByLabel('Domain', { exact: true }).fill(host);
      await page.getByRole('button', { name: 'Add domain', exact: true }).click();
      await visible(page.getByText('Active: visitors see your card at this address.'));
      await visible(
        page.getByRole('link', { name: `https://${host}/` }).or(page.getByRole('link', { name: cardAddress })),
      );
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('heading', { name: 'Your own domain' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/custom-domain-share-390.png' });
    });

    const visit = async () => {
      const visitor = await browser.newContext();
      try {
        const tab = await visitor.newPage();
        const response = await tab.goto(cardAddress);
        return { status: response?.status(), text: await tab.locator('body').innerText() };
      } finally {
        await visitor.close();
      }
    };

    await t.step('a visitor opens the domain and sees the card, counted as a view', async () => {
      const seen = await visit();
      equal(seen.status, 200, 'the card answers on its domain');
      equal(seen.text.includes('Maya Angelou'), true, 'the card is shown');
      await app.flush();
      const stats = await api.get<{ data: { profile_views: number } }>('/v1/user/stats');
      equal(stats.data.profile_views, 1, 'the view is counted');
    });

    await t.step('removed: the domain answers 404', async () => {
      await page.getByRole('button', { name: 'Remove domain', exact: true }).click();
      await visible(page.getByRole('button', { name: 'Add domain', exact: true }));
      const gone = await visit();
      equal(gone.status, 404, 'the domain answers 404');
    });
  },
};
