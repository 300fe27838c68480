import { describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, LEGACY_TOKEN_COOKIES, REFRESH_COOKIE, SESSION_HINT_COOKIE } from '@shared/session-cookies';
import { api, newAccount, registerUser } from '../helpers';
import { post, profileWith } from '../auth-helpers';
import { registerIn, webBrowser, type WebBrowser } from '../web-browser';

// Refresh and logout read the browser's refresh cookie when the body names none; a session the
// app kept in script-readable cookies before moves into the HttpOnly ones with one refresh.

const AWAY = { site: 'cross-site', origin: 'https://evil.test' } as const;
const signedInBrowser = async () => {
  const browser = webBrowser();
  await registerIn(browser, newAccount());
  return browser;
};
const cleared = (browser: WebBrowser) =>
  browser
    .lastSet()
    .filter((cookie) => cookie.attributes['max-age'] === '0')
    .map((cookie) => cookie.name)
    .sort();

describe('POST /v1/auth/refresh with the refresh cookie', { timeout: 30_000 }, () => {
  it('rotates the cookies and answers no token, even to a request that did not ask for cookies', async () => {
    const browser = await signedInBrowser();
    const before = { access: browser.cookie(ACCESS_COOKIE)!.value, refresh: browser.cookie(REFRESH_COOKIE)!.value };
    const hint = browser.cookie(SESSION_HINT_COOKIE)!.value;
    // `plain`: a script of its own, calling the refresh to read the tokens out of its answer.
    const res = await browser.post('/v1/auth/refresh', {}, { plain: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Token refreshed', session: 'cookie' });
    expect(browser.cookie(ACCESS_COOKIE)!.value).not.toBe(before.access);
    expect(browser.cookie(REFRESH_COOKIE)!.value).not.toBe(before.refresh);
    expect(browser.cookie(SESSION_HINT_COOKIE)!.value).not.toBe(hint);
    expect((await browser.request('/v1/user/profile')).status).toBe(200);
    // The old refresh token was used up.
    expect((await post('/v1/auth/refresh', { refresh_token: before.refresh })).status).toBe(401);
  });

  it('is refused from another site without using the token', async () => {
    const browser = await signedInBrowser();
    const res = await browser.post('/v1/auth/refresh', {}, AWAY);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This request came from another site and was refused.');
    expect((await browser.post('/v1/auth/refresh', {})).status).toBe(200);
  });

  it('clears the cookies when the session is over, and answers 422 without any refresh token', async () => {
    const browser = await signedInBrowser();
    const spent = browser.cookie(REFRESH_COOKIE)!.value;
    await browser.post('/v1/auth/refresh', {});
    browser.set(REFRESH_COOKIE, spent, '/v1/auth');
    const reused = await browser.post('/v1/auth/refresh', {});
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ success: false, message: 'Invalid or expired refresh token' });
    expect(cleared(browser)).toEqual([ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE].sort());
    const none = await browser.post('/v1/auth/refresh', {});
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ refresh_token: ['Refresh token is required'] });
  });
});

describe('POST /v1/auth/logout with the refresh cookie', { timeout: 30_000 }, () => {
  it('ends the session and clears the cookies', async () => {
    const browser = await signedInBrowser();
    const access = browser.cookie(ACCESS_COOKIE)!.value;
    const res = await browser.post('/v1/auth/logout', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Logged out successfully' });
    expect(cleared(browser)).toEqual([ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE].sort());
    expect((await profileWith(access)).status).toBe(401);
  });

  it('is refused from another site, and the session goes on', async () => {
    const browser = await signedInBrowser();
    expect((await browser.post('/v1/auth/logout', {}, AWAY)).status).toBe(403);
    expect(browser.cookie(REFRESH_COOKIE)).toBeDefined();
    expect((await browser.request('/v1/user/profile')).status).toBe(200);
  });

  it('signs out of all devices with the cookies alone', async () => {
    const browser = webBrowser();
    const account = await registerIn(browser, newAccount());
    const laptop = await post('/v1/auth/login', { email: account.email, password: account.password });
    const res = await browser.post('/v1/auth/logout', { all_devices: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Logged out from all devices');
    expect((await profileWith(laptop.body.token)).status).toBe(401);
    // With only the access cookie left (the refresh cookie gone), the access cookie names the account.
    const other = webBrowser();
    await other.post('/v1/auth/login', { email: account.email, password: account.password });
    const phone = await post('/v1/auth/login', { email: account.email, password: account.password });
    other.forget(REFRESH_COOKIE);
    expect((await other.post('/v1/auth/logout', { all_devices: true })).status).toBe(200);
    expect((await profileWith(phone.body.token)).status).toBe(401);
  });
});

describe('a session the app kept in script-readable cookies before', { timeout: 30_000 }, () => {
  it('moves into the HttpOnly cookies with one refresh of its refresh token', async () => {
    const before = await registerUser();
    const browser = webBrowser();
    browser.set(LEGACY_TOKEN_COOKIES.access, before.token);
    browser.set(LEGACY_TOKEN_COOKIES.refresh, before.refreshToken);
    // The Worker reads only its own cookies: the old ones are no session.
    expect((await browser.request('/v1/user/profile')).status).toBe(401);
    const moved = await browser.post('/v1/auth/refresh', { refresh_token: before.refreshToken });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ success: true, message: 'Token refreshed', session: 'cookie' });
    const profile = await browser.request('/v1/user/profile');
    expect(profile.body.data.username).toBe(before.username);
    // The old refresh token is spent; a second move with it would be a reuse, ending the session.
    const again = await api('/v1/auth/refresh', { method: 'POST', json: { refresh_token: before.refreshToken } });
    expect(again.status).toBe(401);
    expect((await browser.post('/v1/auth/refresh', {})).status).toBe(401);
  });
});

describe('DELETE /v1/user from the app', { timeout: 30_000 }, () => {
  it('clears the session cookies with the account', async () => {
    const browser = webBrowser();
    const account = await registerIn(browser, newAccount());
    const away = await browser.request('/v1/user', {
      method: 'DELETE',
      json: { current_password: account.password },
      ...AWAY,
    });
    expect(away.status).toBe(403);
    const res = await browser.request('/v1/user', { method: 'DELETE', json: { current_password: account.password } });
    expect(res.status).toBe(200);
    expect(cleared(browser)).toEqual([ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE].sort());
  });
});
