// The ways a visitor can land nowhere: a private card (403), an unknown username (404), an
// unknown path, and a protected route without a session.
import { signedInAccount } from '../harness/api.ts';
import { equal, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { smallTargets } from '../harness/layout.ts';

export const errorScreens: Journey = {
  name: 'private card, unknown card, unknown page, protected route',
  async run(t) {
    const { page, app, browser } = t;

    await t.step("a private card answers 403 'Private Profile'", async () => {
      // The owner makes the card private; a visitor (another browser context) opens it.
      const owner = await browser.newContext();
      const username = t.unique('private');
      const { api, account } = await signedInAccount(owner, app, username);
      await owner.close();
      await api.updateProfile({ name: account.name, username, bio: '', is_active: '0' });
      const response = await page.goto(`${app.baseUrl}/p/${username}`);
      equal(response?.status(), 403, 'the status of a private card');
      await visible(page.getByRole('heading', { name: 'Private Profile', exact: true }));
      await visible(page.getByText(`@${username} has set their profile to private.`));
      await visible(page.getByText('Only authorized users can view this digital card.'));
    });

    await t.step('an unknown username answers the 404 screen', async () => {
      const response = await page.goto(`${app.baseUrl}/p/nobody-${t.unique('x')}`);
      equal(response?.status(), 404, 'the status of an unknown card');
      await visible(page.getByText('404', { exact: true }));
      await visible(page.getByRole('heading', { name: 'Profile Not Found', exact: true }));
      await visible(page.getByText("The profile you're looking for doesn't exist or has been moved."));
      await visible(page.getByText(new URL(page.url()).pathname, { exact: true }));
      await visible(page.getByRole('link', { name: 'Go to Homepage' }));
      await visible(page.getByRole('link', { name: 'Go Back' }));
    });

    await t.step("an unknown path shows 'Page Not Found'", async () => {
      await page.goto(`${app.baseUrl}/auth/login`);
      await page.goto(`${app.baseUrl}/no/such/page`);
      await visible(page.getByRole('heading', { name: 'Page Not Found', exact: true }));
      await visible(page.getByText('/no/such/page', { exact: true }));
      await visible(page.getByRole('link', { name: 'Go to Homepage' }));
      // The last way out is a link of its own, not a 20px line of text.
      const toDashboard = page.getByRole('link', { name: 'Return to Dashboard' });
      await visible(toDashboard);
      equal(await smallTargets(toDashboard, 40), [], "'Return to Dashboard' smaller than 40px");
      await page.getByRole('button', { name: 'Go Back' }).click();
      await urlPath(page, '/auth/login');
    });

    await t.step('a protected route without a session lands on /auth/login', async () => {
      await page.goto(`${app.baseUrl}/dashboard/links`);
      await urlPath(page, '/auth/login');
      await visible(page.getByRole('button', { name: 'Sign in', exact: true }));
    });
  },
};
