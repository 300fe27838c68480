// The session lives in HttpOnly cookies (docs/decisions/0073-sessions-in-httponly-cookies.md): after
// signing in no script can read a token, in cookies or storage; refreshing, signing out the other
// sessions, logging out and signing in as someone else in the same tab still work; another site's
// form cannot use the session; and a session kept by the app of before moves in without a sign-in.
import type { BrowserContext, Page } from 'playwright-core';
import {
  ACCESS_COOKIE,
  LEGACY_TOKEN_COOKIES,
  REFRESH_COOKIE,
  SESSION_HINT_COOKIE,
} from '../../../shared/session-cookies.ts';
import { accountFor, registerAccount } from '../harness/api.ts';
import { logOutThroughDialog, openSection, signInWithForm } from '../harness/dashboard.ts';
import { equal, until, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

/** What script in the page can read: its cookies and both storages, as one text. */
const readableByScript = (page: Page) =>
  page.evaluate<string[]>(
    '[document.cookie, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })]',
  );

const cookieOf = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((cookie) => cookie.name === name);

/** The profile as the page's own call reads it (the access cookie goes along). */
const profileName = (page: Page) =>
  page.evaluate<string>("fetch('/v1/user/profile').then((res) => res.json()).then((body) => body.data.name)");

/** Another site's page with a form that posts a new name to the profile, sent at once. */
const attackPage = (target: string) => `<!doctype html><title>Prize</title>
<form method="post" action="${target}/v1/user/profile/update" enctype="multipart/form-data">
<input name="name" value="Defaced"></form><script>document.forms[0].submit()</script>`;

export const httpOnlySession: Journey = {
  name: 'session in HttpOnly cookies: no readable token, refresh, other sessions, switch, cross-site post',
  async run(t) {
    const { page, app, context, browser } = t;
    const ada = accountFor(t.unique('ada'), 'Ada Lovelace');
    const bob = accountFor(t.unique('bob'), 'Bob Builder');
    await registerAccount(app, ada);
    const bobSession = await registerAccount(app, bob);

    await t.step('signed in through the form, script can read no token', async () => {
      const answer = page.waitForResponse((res) => res.url().endsWith('/v1/auth/login'));
      await signInWithForm(page, app.baseUrl, ada.email, ada.password);
      const body = (await (await answer).json()) as Record<string, unknown>;
      equal([body.session, 'token' in body, 'refresh_token' in body], ['cookie', false, false], 'the sign-in answer');
      const access = (await cookieOf(context, ACCESS_COOKIE))!;
      const refresh = (await cookieOf(context, REFRESH_COOKIE))!;
      equal([access.httpOnly, access.secure, access.sameSite, access.path], [true, true, 'Lax', '/'], 'access cookie');
      equal([refresh.httpOnly, refresh.secure, refresh.sameSite], [true, true, 'Strict'], 'refresh cookie');
      const readable = await readableByScript(page);
      for (const token of [access.value, refresh.value]) {
        equal(readable.join('\n').includes(token), false, 'a token readable by script');
      }
      equal(/eyJ[\w-]+\.eyJ/.test(readable.join('\n')), false, 'a JWT readable by script');
      const names = readable[0]!.split('; ').map((cookie) => cookie.split('=')[0]);
      equal(names, [SESSION_HINT_COOKIE], 'the cookies script can read');
    });

    await t.step('the sign-in page, opened while signed in, goes on to the dashboard', async () => {
      // The page's own entry can only tell by the hint: the tokens are out of its reach.
      await page.goto(`${app.baseUrl}/auth/login`);
      await urlPath(page, '/dashboard');
      await visible(page.getByRole('heading', { name: /^Welcome(?: back)?, Ada!$/ }));
    });

    await t.step('the access token expires: the app refreshes the cookies and carries on', async () => {
      const before = (await cookieOf(context, REFRESH_COOKIE))!.value;
      // The hint says the token has expired: the app refreshes before it reads anything.
      const hint = (await cookieOf(context, SESSION_HINT_COOKIE))!;
      await context.addCookies([{ ...hint, value: `${Math.floor(Date.now() / 1000) - 60}.old` }]);
      const refreshed = page.waitForResponse((res) => res.url().endsWith('/v1/auth/refresh'));
      await page.reload();
      equal((await refreshed).status(), 200, 'the refresh');
      await visible(page.getByRole('heading', { name: /^Welcome(?: back)?, Ada!$/ }));
      const after = (await cookieOf(context, REFRESH_COOKIE))!.value;
      equal(after !== before, true, 'the refresh cookie rotated');
      // The access cookie gone (as if refused): the next call's 401 is refreshed and retried.
      await context.clearCookies({ name: ACCESS_COOKIE });
      const again = page.waitForResponse((res) => res.url().endsWith('/v1/auth/refresh'));
      await openSection(t, 'Security');
      equal((await again).status(), 200, 'the refresh after a 401');
      await visible(page.getByRole('list', { name: 'Sessions' }));
      equal((await cookieOf(context, ACCESS_COOKIE)) !== undefined, true, 'a new access cookie');
    });

    await t.step('sign out of all other sessions: another device is signed out', async () => {
      const device = await browser.newContext({ viewport: page.viewportSize()! });
      const other = await device.newPage();
      await signInWithForm(other, app.baseUrl, ada.email, ada.password);
      await page.reload();
      await page.getByRole('button', { name: 'Log out of all other sessions' }).click();
      await visible(page.getByText('Signed out of all other sessions', { exact: true }));
      await other.reload();
      await urlPath(other, '/auth/login');
      await device.close();
      equal(await profileName(page), 'Ada Lovelace', "this session's own call");
    });

    await t.step('another site posts a form to the profile: refused, nothing changed', async () => {
      const target = app.baseUrl;
      // 127.0.0.1 on another port is the same site: the Lax cookie goes along, the origin check refuses.
      const sameSite = 'http://127.0.0.1:9';
      // Another site altogether: SameSite keeps the cookie back, so nothing is signed in.
      const crossSite = 'http://cardlink-prize.test';
      for (const [origin, status] of [
        [sameSite, 403],
        [crossSite, 401],
      ] as const) {
        await page.route(`${origin}/**`, (route) =>
          route.fulfill({ contentType: 'text/html', body: attackPage(target) }),
        );
        const posted = page.waitForResponse((res) => res.url().endsWith('/v1/user/profile/update'));
        await page.goto(`${origin}/prize`);
        equal((await posted).status(), status, `the form post from ${origin}`);
      }
      await page.goto(`${app.baseUrl}/dashboard`);
      equal(await profileName(page), 'Ada Lovelace', 'the name after the posts');
    });

    await t.step('log out and sign in as someone else in the same tab', async () => {
      await logOutThroughDialog(page);
      const left = (await context.cookies()).map((cookie) => cookie.name);
      equal(
        left.filter((name) => [ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE].includes(name)),
        [],
        'session cookies left after logging out',
      );
      await signInWithForm(page, app.baseUrl, bob.email, bob.password);
      await visible(page.getByRole('heading', { name: /^Welcome(?: back)?, Bob!$/ }));
      equal(await profileName(page), 'Bob Builder', 'the profile after switching');
    });

    await t.step('a session the app of before kept in script cookies moves in, once', async () => {
      const earlier = await browser.newContext({ viewport: page.viewportSize()! });
      const common = { url: app.baseUrl, sameSite: 'Lax' as const };
      await earlier.addCookies([
        { ...common, name: LEGACY_TOKEN_COOKIES.access, value: bobSession.token },
        { ...common, name: LEGACY_TOKEN_COOKIES.refresh, value: bobSession.refresh_token },
      ]);
      const tab = await earlier.newPage();
      await tab.goto(`${app.baseUrl}/dashboard`);
      await visible(tab.getByRole('heading', { name: /^Welcome(?: back)?, Bob!$/ }));
      const names = (await earlier.cookies()).map((cookie) => cookie.name);
      equal(names.includes(LEGACY_TOKEN_COOKIES.refresh), false, 'the old refresh cookie');
      equal(names.includes(REFRESH_COOKIE), true, 'the HttpOnly refresh cookie');
      await until(async () => !(await readableByScript(tab)).join().includes(bobSession.token), 'old token gone');
      await earlier.close();
    });
  },
};
