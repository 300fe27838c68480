// Signing in and moving around with the keyboard alone: the sign-in form, the skip link,
// the 'My Account' menu worked with the arrow keys, the phone's navigation sheet (or the desktop
// sidebar), Statistics and the overview read, and logging out through the dialog.
import { accountFor, addLinks, apiAs, registerAccount, visitAndClick } from '../../harness/api.ts';
import { openSectionByKeys, statValue } from '../../harness/dashboard.ts';
import { equal, eventually, hidden, urlPath, visible } from '../../harness/expect.ts';
import type { Journey } from '../../harness/journey.ts';
import { focused, focusIsOn, tabTo } from '../../harness/keys.ts';
import { ACCESS_COOKIE } from '../../../../shared/session-cookies.ts';

export const keyboardNavigation: Journey = {
  name: 'keyboard only: sign in, account menu, navigation, log out',
  async run(t) {
    const { page, app, browser } = t;
    const account = accountFor(t.unique('keys'), 'Kay Board');
    const session = await registerAccount(app, account);
    const [linkId] = await addLinks(apiAs(app, session), [{ title: 'Website', url: 'https://example.com/kay' }]);
    await visitAndClick(browser, app, account.username, linkId!);
    await app.flush();

    await t.step('sign in with Tab, typing and Enter', async () => {
      await page.goto(`${app.baseUrl}/auth/login`);
      await visible(page.getByRole('heading', { name: 'Welcome back', exact: true }));
      await tabTo(page, 'Email');
      await page.keyboard.type(account.email);
      await tabTo(page, 'Password');
      await page.keyboard.type(account.password);
      await page.keyboard.press('Enter');
      await urlPath(page, '/dashboard');
      await visible(page.getByRole('heading', { name: /^Welcome(?: back)?, Kay!$/ }));
    });

    await t.step('the skip link takes focus to the content', async () => {
      await tabTo(page, 'Skip to content');
      await page.keyboard.press('Enter');
      await eventually(async () => (await focused(page))?.role, 'main', 'the focused element');
    });

    const menu = page.getByRole('menu');
    await t.step("'My Account' with the arrow keys: down to Themes, Enter", async () => {
      await tabTo(page, /open account menu/i, { back: true });
      await page.keyboard.press('Enter');
      await visible(menu.getByText('My Account'));
      await visible(menu.getByText(account.email));
      await focusIsOn(page, 'Profile', 'focus on the first item of the menu');
      await page.keyboard.press('ArrowDown');
      await focusIsOn(page, 'Links');
      await page.keyboard.press('ArrowDown');
      await focusIsOn(page, 'Themes');
      await page.keyboard.press('ArrowDown');
      await focusIsOn(page, 'Templates');
      await page.keyboard.press('ArrowUp');
      await focusIsOn(page, 'Themes');
      await page.keyboard.press('Enter');
      await urlPath(page, '/dashboard/themes');
      await hidden(menu);
      await visible(page.getByRole('heading', { name: 'Theme Settings', exact: true }));
    });

    if (t.viewport.mobile) {
      await t.step('the navigation sheet: Escape closes it, focus goes back to its button', async () => {
        await tabTo(page, 'Open navigation', { back: true });
        await page.keyboard.press('Enter');
        const sheet = page.getByRole('dialog', { name: 'Navigation', exact: true });
        await visible(sheet);
        await page.keyboard.press('Escape');
        await hidden(sheet);
        await focusIsOn(page, 'Open navigation');
      });
    } else {
      await t.step('the sidebar collapses and expands with the keyboard', async () => {
        await tabTo(page, 'Collapse sidebar', { back: true });
        await page.keyboard.press('Enter');
        await focusIsOn(page, 'Expand sidebar');
        await page.keyboard.press('Enter');
        await focusIsOn(page, 'Collapse sidebar');
      });
    }

    await t.step('Statistics: reached from the navigation and read', async () => {
      await openSectionByKeys(t, 'Statistics');
      await visible(page.getByText('Track your digital card performance and engagement'));
      await eventually(() => statValue(page, 'Profile Views'), '1', 'Profile Views');
      await eventually(() => statValue(page, 'Link Clicks'), '1', 'Link Clicks');
      await visible(page.getByRole('heading', { name: 'Daily Activity', exact: true }));
    });

    await t.step('the overview: reached from the navigation and read', async () => {
      await openSectionByKeys(t, 'Dashboard');
      await visible(page.getByRole('heading', { name: /^Welcome(?: back)?, Kay!$/ }));
      await eventually(() => statValue(page, 'Profile Views'), '1', 'Profile Views');
      await eventually(() => statValue(page, 'Active Links'), '1', 'Active Links');
      await tabTo(page, 'Edit Profile');
      await page.keyboard.press('Enter');
      await urlPath(page, '/dashboard/profile');
    });

    await t.step('log out through the menu and dialog', async () => {
      await tabTo(page, /open account menu/i, { back: true });
      await page.keyboard.press('Enter');
      await focusIsOn(page, 'Profile', 'focus on the first item of the menu');
      // End moves to the last item, Log out.
      await page.keyboard.press('End');
      await focusIsOn(page, 'Log out');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Log out', exact: true });
      await visible(dialog);
      await tabTo(page, 'Log out');
      await page.keyboard.press('Enter');
      await urlPath(page, '/auth/login');
      const names = (await t.context.cookies(app.baseUrl)).map((cookie) => cookie.name);
      equal(names.includes(ACCESS_COOKIE), false, 'the session cookie is gone');
    });
  },
};
