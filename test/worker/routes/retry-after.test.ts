import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../../worker/env';
import { clientKey } from '../../../worker/lib/client-key';
import { requestContext } from '../../../worker/middleware/request-log';
import type { AttemptKind } from '../../../worker/services/attempts';
import { login, post } from '../auth-helpers';
import { api, clientIp, newAccount, ORIGIN, registerUser } from '../helpers';
import { createCard } from '../page-helpers';
import { enableTotp, securityCall } from '../security-helpers';

// Every 429 says when to try again (Retry-After), and every bounded route says how much is left
// (RateLimit-Policy and RateLimit, draft-ietf-httpapi-ratelimit-headers; docs/decisions/0090).
// Each bound is filled as earlier requests would have filled it, some minutes ago, so the time
// it answers is exact: the window less those minutes.

const MINUTE = 60_000;

/** `count` attempts of a kind and subject, `ago` ms in the past, as earlier requests leave them. */
async function fill(kind: AttemptKind, subject: string, count: number, ago: number) {
  const at = Date.now() - ago;
  await env.DB.batch(
    Array.from({ length: count }, () =>
      env.DB.prepare('INSERT INTO auth_attempts (kind, subject, created_at) VALUES (?1, ?2, ?3)').bind(
        kind,
        subject,
        at,
      ),
    ),
  );
}

const keyOf = (ip: string) => clientKey(env, new Request(ORIGIN, { headers: { 'CF-Connecting-IP': ip } }));
const from = (ip: string) => ({ 'CF-Connecting-IP': ip });

/** A Structured Field list of `"name";k=v;…` items, by name. */
function items(field: string | null): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const item of (field ?? '').split(/,\s*/).filter(Boolean)) {
    const [name, ...params] = item.split(';');
    out[JSON.parse(name!) as string] = Object.fromEntries(
      params.map((param) => [param.split('=')[0]!, Number(param.split('=')[1])]),
    );
  }
  return out;
}

type Answer = { status: number; headers: Headers };
const retryAfter = (res: Answer) => Number(res.headers.get('Retry-After'));
const policies = (res: Answer) => items(res.headers.get('RateLimit-Policy'));
const limits = (res: Answer) => items(res.headers.get('RateLimit'));

/** A refusal by a bound of the caller's own, `ago` into its window: exact Retry-After, and r=0 with the same t. */
function expectRefusedBy(res: Answer, policy: string, windowSeconds: number, agoSeconds: number) {
  expect(res.status).toBe(429);
  const wait = windowSeconds - agoSeconds;
  expect(retryAfter(res)).toBeGreaterThanOrEqual(wait - 3);
  expect(retryAfter(res)).toBeLessThanOrEqual(wait + 1);
  expect(policies(res)[policy]).toEqual({ q: expect.any(Number), w: windowSeconds });
  expect(limits(res)[policy]).toEqual({ r: 0, t: retryAfter(res) });
}

describe('a 429 of each bound of the caller itself', { timeout: 90_000 }, () => {
  const byClient: [string, AttemptKind, number, number, (ip: string) => Promise<Answer>][] = [
    [
      'sign-up',
      'register_client',
      20,
      3600,
      (ip) => api('/v1/auth/register', { method: 'POST', json: newAccount(), headers: from(ip) }),
    ],
    ['sign-in', 'login_failure_client', 30, 900, (ip) => login('nobody@example.com', 'wrong-password-1', ip)],
    [
      'reset code mail',
      'reset_mail_client',
      10,
      3600,
      (ip) => post('/v1/auth/forgot-password', { email: 'nobody@example.com' }, undefined, ip),
    ],
    [
      'reset code check',
      'otp_failure_client',
      20,
      900,
      (ip) => post('/v1/auth/verify-otp', { email: 'nobody@example.com', otp: '123456' }, undefined, ip),
    ],
    [
      'passkey ceremony',
      'passkey_options_client',
      30,
      900,
      (ip) => api('/v1/auth/passkey/options', { method: 'POST', headers: from(ip) }),
    ],
    [
      'passkey offer',
      'passkey_autofill_client',
      60,
      900,
      (ip) => api('/v1/auth/passkey/options?mediation=conditional', { method: 'POST', headers: from(ip) }),
    ],
    [
      'passkey sign-in',
      'passkey_failure_client',
      20,
      900,
      (ip) => post('/v1/auth/passkey/verify', { response: { id: 'x', rawId: 'x', type: 'public-key' } }, undefined, ip),
    ],
  ];
  it.each(byClient)('%s: Retry-After and RateLimit from the bound', async (_, kind, max, window, request) => {
    const ip = clientIp();
    await fill(kind, await keyOf(ip), max, 5 * MINUTE);
    expectRefusedBy(
      await request(ip),
      `${kind}_${window >= 3600 ? `${window / 3600}h` : `${window / 60}m`}`,
      window,
      300,
    );
  });

  it('a report of a card (the HTML page)', async () => {
    const card = await createCard();
    const ip = clientIp();
    await fill('report_client', await keyOf(ip), 5, 10 * MINUTE);
    const res = await api(`/p/${card.username}/report`, {
      method: 'POST',
      headers: { ...from(ip), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ reason: 'spam', note: '' }).toString(),
    });
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expectRefusedBy(res, 'report_client_1h', 3600, 600);
  });

  it("re-authentication, the authenticator's first code, the e-mail change's mail and code, the second factor", async () => {
    const user = await registerUser();
    await fill('reauth_failure', user.id, 10, 2 * MINUTE);
    expectRefusedBy(
      await securityCall(user.token, 'POST', '/password', {
        current_password: user.password,
        password: 'another-long-phrase-9',
        password_confirmation: 'another-long-phrase-9',
      }),
      'reauth_failure_15m',
      900,
      120,
    );

    const other = await registerUser();
    const setup = await securityCall(other.token, 'POST', '/totp/setup', { current_password: other.password });
    expect(setup.status).toBe(200);
    await fill('totp_confirm_failure', other.id, 10, 3 * MINUTE);
    expectRefusedBy(
      await securityCall(other.token, 'POST', '/totp/enable', { code: '000000' }),
      'totp_confirm_failure_15m',
      900,
      180,
    );

    const mover = await registerUser();
    await fill('email_change_mail', mover.id, 1, 30_000);
    const moved = await securityCall(mover.token, 'POST', '/email', {
      email: `moved_${mover.username}@example.com`,
      current_password: mover.password,
    });
    expectRefusedBy(moved, 'email_change_mail_2m', 120, 30);
    // The hour's bound has room, and the identity check was given back when the password was right.
    expect(limits(moved)['email_change_mail_1h']).toEqual({ r: 4, t: expect.any(Number) });
    expect(limits(moved)['reauth_failure_15m']).toEqual({ r: 10, t: 900 });

    // A spent code: a new one may be asked for once the last mail is two minutes old.
    const changer = await registerUser();
    const started = await securityCall(changer.token, 'POST', '/email', {
      email: `changed_${changer.username}@example.com`,
      current_password: changer.password,
    });
    expect(started.status).toBe(202);
    for (let i = 0; i < 5; i++) {
      expect((await securityCall(changer.token, 'POST', '/email/confirm', { code: '000000' })).status).toBe(422);
    }
    const spent = await securityCall(changer.token, 'POST', '/email/confirm', { code: '000000' });
    expect(spent.status).toBe(429);
    expect(retryAfter(spent)).toBeGreaterThan(90);
    expect(retryAfter(spent)).toBeLessThanOrEqual(120);

    const guarded = await registerUser();
    const { secret } = await enableTotp(guarded);
    expect(secret).toBeTruthy();
    const ip = clientIp();
    const first = await login(guarded.email, guarded.password, ip);
    expect(first.body.mfa_token).toEqual(expect.any(String));
    await fill('second_factor_client', await keyOf(ip), 10, 4 * MINUTE);
    const code = await post(
      '/v1/auth/login/second-factor',
      { mfa_token: first.body.mfa_token, code: '000000' },
      undefined,
      ip,
    );
    expectRefusedBy(code, 'second_factor_client_15m', 900, 240);
    // The account's own bounds are untouched: a refused try counts nowhere.
    expect(limits(code)).toMatchObject({ second_factor_failure_15m: { r: 20 }, second_factor_failure_1d: { r: 40 } });
  });
});

describe("a 429 of a bound on someone's address", { timeout: 60_000 }, () => {
  it('answers the whole window and never advertises how often the address was tried', async () => {
    const victim = await registerUser();
    await fill('login_failure', victim.email, 20, 20 * MINUTE);
    const res = await login(victim.email, victim.password, clientIp());
    expect(res.status).toBe(429);
    expect(retryAfter(res)).toBe(3600);
    expect(Object.keys(policies(res)).sort()).toEqual(['login_failure_client_15m', 'login_failure_pair_15m']);

    const ip = clientIp();
    expect((await post('/v1/auth/forgot-password', { email: victim.email }, undefined, ip)).status).toBe(200);
    const again = await post('/v1/auth/forgot-password', { email: victim.email }, undefined, ip);
    expect(again.status).toBe(429);
    expect(retryAfter(again)).toBe(120);
    expect(Object.keys(limits(again))).toEqual(['reset_mail_client_1h']);
    expect(limits(again)['reset_mail_client_1h']).toMatchObject({ r: 8 });
  });
});

describe('a bounded route that lets the request through', { timeout: 60_000 }, () => {
  it('says how many tries are left, and gives back the try that succeeded', async () => {
    const user = await registerUser();
    const ip = clientIp();
    const wrong = await login(user.email, 'wrong-password-2', ip);
    expect(wrong.status).toBe(401);
    expect(policies(wrong)).toEqual({
      login_failure_client_15m: { q: 30, w: 900 },
      login_failure_pair_15m: { q: 10, w: 900 },
    });
    expect(limits(wrong)).toMatchObject({ login_failure_client_15m: { r: 29 }, login_failure_pair_15m: { r: 9 } });
    expect(limits(wrong)['login_failure_client_15m']!.t).toBeGreaterThan(895);
    const right = await login(user.email, user.password, ip);
    expect(right.status).toBe(200);
    expect(limits(right)).toMatchObject({ login_failure_client_15m: { r: 29 } });
  });
});

describe('any other 429 or 503', () => {
  it('leaves with a Retry-After even when nothing said how long', async () => {
    const bare = new Hono<AppEnv>()
      .use(requestContext)
      .get('/busy', (c) => c.text('busy', 429))
      .get('/down', (c) => c.text('down', 503))
      .get('/told', (c) => c.text('told', 429, { 'Retry-After': '7' }));
    const call = (path: string) => bare.request(path, {}, { ...env, LOG_SAMPLE_RATE: '0' });
    expect((await call('/busy')).headers.get('Retry-After')).toBe('60');
    expect((await call('/down')).headers.get('Retry-After')).toBe('30');
    expect((await call('/told')).headers.get('Retry-After')).toBe('7');
  });
});
