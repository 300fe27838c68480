import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE } from '@shared/session-cookies';
import { api, newAccount } from '../helpers';
import { grantAdmin, signedInAdmin, userState } from '../admin-helpers';
import { enableTotp } from '../security-helpers';
import { registerIn, webBrowser, type WebBrowser } from '../web-browser';

// A cookie-authenticated write must come from this origin's own pages: another site's form or
// script, whose request the browser would send with the cookie, is refused and changes nothing.
// Reads are not (nothing changes, and another site cannot read the answer); bearer tokens are
// not (no browser adds them by itself).

const REFUSED = { success: false, message: 'This request came from another site and was refused.' };
const CROSS_SITE = { site: 'cross-site', origin: 'https://evil.test' } as const;
const link = (title: string) => ({ title, url: 'https://example.com/', icon: '', is_active: true });

let browser: WebBrowser;
const titles = async () =>
  ((await browser.request('/v1/user/links')).body.data as { title: string }[]).map((each) => each.title);

beforeAll(async () => {
  browser = webBrowser();
  await registerIn(browser, newAccount());
}, 30_000);

describe('a write authenticated by the access cookie', { timeout: 30_000 }, () => {
  it("is accepted from the app's own pages", async () => {
    expect((await browser.post('/v1/user/links', link('Own page'))).status).toBe(201);
    // A browser without Fetch Metadata is judged by its Origin.
    expect((await browser.post('/v1/user/links', link('Old browser'), { site: null })).status).toBe(201);
    expect(await titles()).toEqual(expect.arrayContaining(['Own page', 'Old browser']));
  });

  it('is refused from another site, a sibling host, or with neither header, and nothing is stored', async () => {
    const refused = [
      await browser.post('/v1/user/links', link('Cross-site'), { site: 'cross-site', origin: 'https://evil.test' }),
      await browser.post('/v1/user/links', link('Same-site'), { site: 'same-site', origin: 'https://x.card.test' }),
      await browser.post('/v1/user/links', link('No metadata'), { site: null, origin: 'https://evil.test' }),
      await browser.post('/v1/user/links', link('Opaque'), { site: null, origin: 'null' }),
      await browser.post('/v1/user/links', link('Nothing'), { site: null, origin: null }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSED);
    }
    expect(await titles()).not.toEqual(expect.arrayContaining([expect.stringMatching(/site|metadata|Opaque|Nothing/)]));
  });

  it('is refused as a form post (multipart) from another site, and the profile is unchanged', async () => {
    const form = new FormData();
    form.set('name', 'Defaced');
    const res = await browser.request('/v1/user/profile/update', {
      method: 'POST',
      body: form,
      site: 'cross-site',
      origin: 'https://evil.test',
    });
    expect(res.status).toBe(403);
    expect((await browser.request('/v1/user/profile')).body.data.name).toBe('Test User');
  });

  it('is refused for PUT and DELETE too, while a cross-site read answers', async () => {
    const created = await browser.post('/v1/user/links', link('Kept'));
    const id = created.body.link.id as number;
    const away = { site: 'cross-site', origin: 'https://evil.test' } as const;
    expect(
      (await browser.request(`/v1/user/links/${id}`, { method: 'PUT', json: link('Changed'), ...away })).status,
    ).toBe(403);
    expect((await browser.request(`/v1/user/links/${id}`, { method: 'DELETE', ...away })).status).toBe(403);
    expect(await titles()).toContain('Kept');
    expect((await browser.request('/v1/user/links', { site: 'cross-site' })).status).toBe(200);
  });

  it('leaves the bearer header alone: an API client sends no Fetch Metadata, and any it sends is not asked', async () => {
    const account = newAccount();
    const registered = await api('/v1/auth/register', { method: 'POST', json: account });
    const token = registered.body.token as string;
    expect((await api('/v1/user/links', { method: 'POST', token, json: link('API') })).status).toBe(201);
    const headers = { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.test' };
    expect((await api('/v1/user/links', { method: 'POST', token, json: link('API 2'), headers })).status).toBe(201);
  });

  it("cannot be started by another site's form signing the browser in to someone else's account", async () => {
    // Login CSRF: the sign-in routes take no cookie, so it is their JSON-only body that refuses a
    // form (415), and no session cookie is set.
    const attacker = await registerIn(webBrowser(), newAccount());
    const victim = webBrowser();
    const form = new URLSearchParams({ email: attacker.email, password: attacker.password });
    for (const body of [form, new Blob([JSON.stringify(Object.fromEntries(form))], { type: 'text/plain' })]) {
      const res = await victim.request('/v1/auth/login', { method: 'POST', body, plain: true, ...CROSS_SITE });
      expect(res.status).toBe(415);
      expect(victim.lastSet()).toEqual([]);
    }
    expect((await victim.request('/v1/user/profile')).status).toBe(401);
  });

  it('keeps the D1 bookmark cookie coming after a write', async () => {
    await browser.post('/v1/user/links', link('Bookmarked'));
    expect(browser.lastSet().map((cookie) => cookie.name)).toContain('d1_bookmark');
  });
});

describe("the operators' console with the access cookie", { timeout: 60_000 }, () => {
  it('answers an operator signed in with a second factor, and refuses a cross-site write', async () => {
    const admin = await signedInAdmin();
    const operator = webBrowser();
    operator.set(ACCESS_COOKIE, admin.token);
    expect((await operator.request('/v1/admin/accounts')).status).toBe(200);
    const target = await registerIn(webBrowser(), newAccount());
    const deactivate = `/v1/admin/accounts/${target.id}/deactivate`;
    const away = await operator.post(
      deactivate,
      { reason: 'Spam' },
      { site: 'cross-site', origin: 'https://evil.test' },
    );
    expect(away.status).toBe(403);
    expect(away.body).toEqual(REFUSED);
    expect((await userState(target.id))?.deactivated_at).toBeNull();
    expect((await operator.post(deactivate, { reason: 'Spam' })).status).toBe(200);
    expect((await userState(target.id))?.deactivated_at).toEqual(expect.any(Number));
  });

  it('is a 404 to anyone else with a cookie, and a 403 to an admin signed in without the factor', async () => {
    const someone = webBrowser();
    const user = await registerIn(someone, newAccount());
    expect((await someone.request('/v1/admin/accounts')).status).toBe(404);
    await grantAdmin(user.id);
    await enableTotp({ token: someone.cookie(ACCESS_COOKIE)!.value, password: user.password });
    expect((await someone.request('/v1/admin/accounts')).status).toBe(403);
  });
});
