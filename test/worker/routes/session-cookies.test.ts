import { describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE } from '@shared/session-cookies';
import { api, newAccount, registerUser } from '../helpers';
import { login, profileWith } from '../auth-helpers';
import { registerIn, webBrowser } from '../web-browser';

// The browser's session is in cookies the Worker sets, HttpOnly, so no script
// can read a token; API clients keep the tokens in the JSON and the bearer header.

describe('a sign-in in the web app', { timeout: 30_000 }, () => {
  it('sets both tokens as HttpOnly cookies and answers none of them in the JSON', async () => {
    const browser = webBrowser();
    const account = newAccount();
    const res = await browser.post('/v1/auth/register', account);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Registration successful',
      session: 'cookie',
      user: expect.objectContaining({ username: account.username }),
    });
    expect(res.text).not.toMatch(/"(token|refresh_token)"/);

    const month = String(30 * 24 * 60 * 60);
    const access = browser.cookie(ACCESS_COOKIE)!;
    expect(access.attributes).toMatchObject({ path: '/', httponly: true, secure: true, samesite: 'Lax' });
    expect(access.attributes['max-age']).toBe(month);
    const refresh = browser.cookie(REFRESH_COOKIE)!;
    expect(refresh.attributes).toMatchObject({ path: '/v1/auth', httponly: true, secure: true, samesite: 'Strict' });
    expect(refresh.attributes['max-age']).toBe(month);
    // The hint is the one script may read: the access token's expiry and a tag, no token.
    const hint = browser.cookie(SESSION_HINT_COOKIE)!;
    expect(hint.attributes.httponly).toBeUndefined();
    const [exp, tag] = hint.value.split('.');
    expect(Number(exp) - Date.now() / 1000).toBeGreaterThan(14 * 60);
    expect(Number(exp) - Date.now() / 1000).toBeLessThanOrEqual(15 * 60);
    expect(tag).toMatch(/^[\w-]{8}$/);
    expect(hint.value).not.toContain(access.value);

    // The cookies are the session: the profile answers to them alone.
    const profile = await browser.request('/v1/user/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.data.username).toBe(account.username);
  });

  it('signs in with the password the same way, and the device cookie still comes along', async () => {
    const user = await registerUser();
    const browser = webBrowser();
    const res = await browser.post('/v1/auth/login', { email: user.email, password: user.password });
    expect(res.status).toBe(200);
    expect(res.body.session).toBe('cookie');
    expect(res.body.token).toBeUndefined();
    expect(res.body.refresh_token).toBeUndefined();
    expect(browser.lastSet().map((cookie) => cookie.name)).toEqual(
      expect.arrayContaining([
        ACCESS_COOKIE,
        REFRESH_COOKIE,
        SESSION_HINT_COOKIE,
        expect.stringMatching(/^cl_device_/),
      ]),
    );
  });

  it('keeps the documented JSON for an API client, which also gets the cookies it ignores', async () => {
    const account = newAccount();
    const res = await api('/v1/auth/register', { method: 'POST', json: account });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(expect.objectContaining({ token: expect.any(String), refresh_token: expect.any(String) }));
    expect(res.body.session).toBeUndefined();
    expect(res.headers.getSetCookie().join('\n')).toContain(`${ACCESS_COOKIE}=${res.body.token}`);
    expect((await profileWith(res.body.token)).status).toBe(200);
  });

  it('leaves a browser that sends no token delivery header (an app of before) its tokens in the JSON', async () => {
    const user = await registerUser();
    const res = await webBrowser().post(
      '/v1/auth/login',
      { email: user.email, password: user.password },
      { plain: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.refresh_token).toEqual(expect.any(String));
  });
});

describe('the access cookie in place of the bearer header', { timeout: 30_000 }, () => {
  it('reads, and is refused when missing, forged or expired', async () => {
    const browser = webBrowser();
    await registerIn(browser, newAccount());
    expect((await browser.request('/v1/user/links')).status).toBe(200);

    const stranger = webBrowser();
    expect((await stranger.request('/v1/user/links')).status).toBe(401);
    stranger.set(ACCESS_COOKIE, 'forged.token.value');
    const forged = await stranger.request('/v1/user/links');
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ success: false, message: 'Invalid or expired token' });
  });

  it('never rescues a broken Authorization header, and a bearer wins over the cookie', async () => {
    const browser = webBrowser();
    const mine = await registerIn(browser, newAccount());
    const other = await registerUser();
    expect((await browser.request('/v1/user/profile', { headers: { Authorization: 'Bearer ' } })).status).toBe(401);
    expect((await browser.request('/v1/user/profile', { headers: { Authorization: 'Basic abc' } })).status).toBe(401);
    const asOther = await browser.request('/v1/user/profile', { token: other.token });
    expect(asOther.body.data.username).toBe(other.username);
    expect((await browser.request('/v1/user/profile')).body.data.username).toBe(mine.username);
  });

  it('is ended with its session: a signed-out session refuses its access cookie at once', async () => {
    const user = await registerUser();
    const browser = webBrowser();
    await browser.post('/v1/auth/login', { email: user.email, password: user.password });
    const access = browser.cookie(ACCESS_COOKIE)!.value;
    expect((await browser.post('/v1/auth/logout', {})).status).toBe(200);
    browser.set(ACCESS_COOKIE, access);
    expect((await browser.request('/v1/user/profile')).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);
  });
});
