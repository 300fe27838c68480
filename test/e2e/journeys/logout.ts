// Log out through the confirmation dialog; the dashboard is then closed to this browser, and the
// old refresh token no longer opens a session.
import { ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE } from '../../../shared/session-cookies.ts';
import { signedInAccount } from '../harness/api.ts';
import { logOutThroughDialog } from '../harness/dashboard.ts';
import { equal, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

export const logout: Journey = {
  name: 'log out through the dialog',
  async run(t) {
    const { page, app, context } = t;
    const { session } = await signedInAccount(context, app, t.unique('leaver'));

    await t.step('the dashboard opens with the session', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await urlPath(page, '/dashboard');
      await visible(page.getByRole('button', { name: 'Open account menu' }));
    });

    await t.step('cancel keeps the session', async () => {
      await page.getByRole('button', { name: 'Open account menu' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log out', exact: true });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await urlPath(page, '/dashboard');
    });

    await t.step('log out through the dialog', async () => {
      await logOutThroughDialog(page);
    });

    await t.step('the dashboard is closed afterwards', async () => {
      const names = (await context.cookies()).map((cookie) => cookie.name);
      const left = names.filter((name) => [ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE].includes(name));
      equal(left, [], 'session cookies left');
      await page.goto(`${app.baseUrl}/dashboard/profile`);
      await urlPath(page, '/auth/login');
      await page.goBack();
      await urlPath(page, '/auth/login');
      const res = await fetch(`${app.baseUrl}/v1/auth/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      });
      equal(res.status, 401, 'refreshing with the logged-out refresh token');
    });
  },
};
