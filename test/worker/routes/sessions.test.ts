import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { post, profileWith } from '../auth-helpers';

// Real browsers' user agents, as the sessions list has to read them.
const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0',
};

async function signInWith(user: { email: string; password: string }, agent: string, country?: string) {
  const res = await api('/v1/auth/login', {
    method: 'POST',
    json: { email: user.email, password: user.password },
    headers: { 'User-Agent': agent },
    // Cloudflare's edge sets request.cf.country; the test pool lets a request carry it.
    cf: country ? ({ country } as unknown as CfProperties) : undefined,
  });
  expect(res.status).toBe(200);
  return { token: res.body.token as string, refreshToken: res.body.refresh_token as string };
}

const list = (token: string) => api('/v1/user/sessions', { token });

describe('GET /v1/user/sessions', { timeout: 30_000 }, () => {
  it('lists each sign-in with device, browser, times, and marks the current one', async () => {
    const user = await registerUser();
    const phone = await signInWith(user, UA.androidChrome, 'DE');
    await signInWith(user, UA.iphoneSafari);
    const desk = await signInWith(user, UA.windowsEdge);
    const res = await list(desk.token);
    expect(res.status).toBe(200);
    const rows = res.body.data as Record<string, unknown>[];
    // Registration signed in too.
    expect(rows).toHaveLength(4);
    const current = rows.filter((row) => row.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Edge', os: 'Windows', device: 'desktop' });
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: 'Chrome', os: 'Android', device: 'mobile', country: 'DE', current: false }),
        expect.objectContaining({ browser: 'Safari', os: 'iOS', device: 'mobile', country: null }),
      ]),
    );
    for (const row of rows) {
      expect(Date.parse(row.created_at as string)).not.toBeNaN();
      expect(Date.parse(row.last_used_at as string)).not.toBeNaN();
      expect(JSON.stringify(row)).not.toContain('Mozilla');
    }
    // A refresh keeps the session and moves its last use.
    const refreshed = await post('/v1/auth/refresh', { refresh_token: phone.refreshToken });
    const after = (await list(refreshed.body.token)).body.data as Record<string, unknown>[];
    expect(after).toHaveLength(4);
    expect(after.find((row) => row.current)).toMatchObject({ browser: 'Chrome', os: 'Android' });
  });

  it('refuses anonymous calls', async () => {
    expect((await api('/v1/user/sessions')).status).toBe(401);
  });
});

describe('ending sessions', { timeout: 30_000 }, () => {
  it('DELETE /{id} stops its refresh token and its access token at once', async () => {
    const user = await registerUser();
    const other = await signInWith(user, UA.macFirefox);
    const mine = await signInWith(user, UA.windowsEdge);
    const target = ((await list(mine.token)).body.data as { id: string; browser: string }[]).find(
      (row) => row.browser === 'Firefox',
    )!;
    const res = await api(`/v1/user/sessions/${target.id}`, { method: 'DELETE', token: mine.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Session ended');
    expect((await profileWith(other.token)).status).toBe(401);
    expect((await post('/v1/auth/refresh', { refresh_token: other.refreshToken })).status).toBe(401);
    expect((await profileWith(mine.token)).status).toBe(200);
    expect(((await list(mine.token)).body.data as unknown[]).length).toBe(2);
  });

  it("lists only the signed-in account's sessions, whatever another account does", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const mine = await signInWith(owner, UA.macFirefox);
    await signInWith(stranger, UA.androidChrome, 'FR');
    const theirs = await signInWith(stranger, UA.iphoneSafari);
    const rows = (await list(mine.token)).body.data as { device: string; browser: string; country: string | null }[];
    // Registration and the Firefox sign-in; nothing of the other account's three.
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.browser)).not.toContain('Chrome');
    expect(rows.map((row) => row.browser)).not.toContain('Safari');
    expect(rows.some((row) => row.country === 'FR')).toBe(false);
    expect(((await list(theirs.token)).body.data as unknown[]).length).toBe(3);
  });

  it("another account's session is not found, and stays", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const ownerSession = ((await list(owner.token)).body.data as { id: string }[])[0]!;
    const res = await api(`/v1/user/sessions/${ownerSession.id}`, { method: 'DELETE', token: stranger.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Session not found' });
    // An id longer than any session's names none: the same 404, not a validator's wording.
    const long = await api(`/v1/user/sessions/${'x'.repeat(65)}`, { method: 'DELETE', token: stranger.token });
    expect(long.status).toBe(404);
    expect(long.body).toEqual({ success: false, message: 'Session not found' });
    expect((await profileWith(owner.token)).status).toBe(200);
    expect((await api('/v1/user/sessions/nope', { method: 'DELETE' })).status).toBe(401);
  });

  it('DELETE / ends every other session and keeps this one', async () => {
    const user = await registerUser();
    const a = await signInWith(user, UA.androidChrome);
    const b = await signInWith(user, UA.iphoneSafari);
    const mine = await signInWith(user, UA.windowsEdge);
    const res = await api('/v1/user/sessions', { method: 'DELETE', token: mine.token });
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBe(3);
    for (const session of [a, b]) {
      expect((await profileWith(session.token)).status).toBe(401);
      expect((await post('/v1/auth/refresh', { refresh_token: session.refreshToken })).status).toBe(401);
    }
    expect((await profileWith(mine.token)).status).toBe(200);
    expect((await post('/v1/auth/refresh', { refresh_token: mine.refreshToken })).status).toBe(200);
  });

  it('logging out ends the session in the list', async () => {
    const user = await registerUser();
    const gone = await signInWith(user, UA.macFirefox);
    await post('/v1/auth/logout', { refresh_token: gone.refreshToken });
    const rows = (await list(user.token)).body.data as { browser: string }[];
    expect(rows.map((row) => row.browser)).not.toContain('Firefox');
  });
});
