import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { clientIp, newAccount, registerUser } from '../helpers';
import { ageAllAttempts, deviceCookie, login, loginFrom, outbox, post } from '../auth-helpers';

// The bounds of README's Decisions, each tried as an attacker would (README, Decisions: bounds).
const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
const LOCKED_FOR_NEW_DEVICES =
  'Too many failed sign-ins to this account. Sign in from a device you have used before, with a passkey, or reset your password.';
const MINUTES_15 = 15 * 60 * 1000;

const attempts = async (kind: string, subject: string) =>
  (
    await env.DB.prepare('SELECT count(*) AS n FROM auth_attempts WHERE kind = ?1 AND subject = ?2')
      .bind(kind, subject)
      .first<{ n: number }>()
  )?.n ?? 0;

describe('failed sign-ins cannot lock the owner out', { timeout: 60_000 }, () => {
  it('stops a client after 10 failures for an account, even in parallel, while the owner still signs in', async () => {
    const victim = await registerUser();
    const attacker = clientIp();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(victim.email, `guess-${i}-x`, attacker)),
    );
    const statuses = guesses.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // The attacker is stopped even with the right password...
    const stopped = await login(victim.email, victim.password, attacker);
    expect(stopped.status).toBe(429);
    expect(stopped.body).toEqual({ success: false, message: TOO_MANY_SIGN_INS });
    // ...and the owner, on their own device, is not.
    const owner = await login(victim.email, victim.password, clientIp());
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
  });

  it('bounds guessing from 100 addresses at 20 an hour, while the owner signs in from a known device', async () => {
    const victim = await registerUser();
    // The owner's phone signed in once before: it holds the account's device cookie.
    const phone = clientIp();
    const first = await loginFrom(victim.email, victim.password, phone);
    expect(first.status).toBe(200);
    const cookie = deviceCookie(first);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly; Secure; SameSite=Strict/);
    expect(first.headers.get('set-cookie')).toContain('Path=/v1/auth');

    // 100 wrong passwords, each from a network of its own.
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await login(victim.email, `guess-${i}-x`, clientIp())).status);
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(80).fill(429)]);
    expect(await attempts('login_failure', victim.email)).toBe(20);

    // Even the right password from a device that never signed in is stopped now...
    const stranger = await login(victim.email, victim.password, clientIp());
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toBe(LOCKED_FOR_NEW_DEVICES);
    // ...and so is a forged cookie, or the cookie of another account.
    const [name, value] = cookie.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await loginFrom(victim.email, victim.password, clientIp(), forged)).status).toBe(429);
    const other = await registerUser();
    const otherCookie = deviceCookie(await loginFrom(other.email, other.password, clientIp()));
    expect((await loginFrom(victim.email, victim.password, clientIp(), otherCookie)).status).toBe(429);

    // The owner's known device still signs in, from wherever it is now.
    const owner = await loginFrom(victim.email, victim.password, clientIp(), cookie);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
    // A known device's own failures are bounded on their own: 10 per 15 minutes.
    const device: number[] = [];
    for (let i = 0; i < 11; i++) device.push((await loginFrom(victim.email, `typo-${i}-x`, clientIp(), cookie)).status);
    expect(device).toEqual([...Array(10).fill(401), 429]);

    // An hour later strangers may try again.
    await ageAllAttempts(60 * 60 * 1000 + 1000);
    expect((await login(victim.email, victim.password, clientIp())).status).toBe(200);
  });

  it('a password reset opens the account to new devices again', async () => {
    const victim = await registerUser();
    for (let i = 0; i < 20; i++) await login(victim.email, `guess-${i}-x`, clientIp());
    expect((await login(victim.email, victim.password, clientIp())).body.message).toBe(LOCKED_FOR_NEW_DEVICES);
    await post('/v1/auth/forgot-password', { email: victim.email });
    const [mail] = await outbox(victim.email);
    const verified = await post('/v1/auth/verify-otp', { email: victim.email, otp: mail?.code });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const reset = await post('/v1/auth/reset-password', {
      email: victim.email,
      token: verified.body.data.token,
      password: 'QuartzHarbor91!',
      password_confirmation: 'QuartzHarbor91!',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await login(victim.email, 'QuartzHarbor91!', clientIp())).status).toBe(200);
  });

  it('counts an IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 address', async () => {
    const victim = await registerUser();
    // Ten addresses of one /64, each failing once: that client has used its 10 for the account.
    for (let i = 1; i <= 10; i++)
      expect((await login(victim.email, `guess-${i}-x`, `2001:db8:77:1::${i}`)).status).toBe(401);
    expect((await login(victim.email, victim.password, '2001:0db8:0077:0001:ffff::abcd')).status).toBe(429);
    // The next /64 is another client.
    expect((await login(victim.email, victim.password, '2001:db8:77:2::1')).status).toBe(200);
    const v4 = await registerUser();
    for (let i = 0; i < 10; i++) await login(v4.email, `guess-${i}-x`, '192.0.2.55');
    expect((await login(v4.email, v4.password, '::ffff:192.0.2.55')).status).toBe(429);
    expect((await login(v4.email, v4.password, '192.0.2.56')).status).toBe(200);
  });

  it('stops one client guessing across many accounts after 30 failures (credential stuffing)', async () => {
    const stuffer = clientIp();
    const emails = Array.from({ length: 30 }, () => newAccount().email);
    for (const email of emails) expect((await login(email, 'leaked-pass-1', stuffer)).status).toBe(401);
    expect((await login(newAccount().email, 'leaked-pass-1', stuffer)).status).toBe(429);
    const someoneElse = await registerUser();
    expect((await login(someoneElse.email, someoneElse.password, clientIp())).status).toBe(200);
    // Fifteen minutes later the client may try again.
    await ageAllAttempts(MINUTES_15 + 1000);
    expect((await login(newAccount().email, 'leaked-pass-1', stuffer)).status).toBe(401);
  });

  it('bounds an unknown address exactly like a known one, and stores no IP address', async () => {
    const known = await registerUser();
    const unknown = newAccount().email;
    const ip = clientIp();
    const sequence = async (email: string) => {
      const seen: number[] = [];
      for (let i = 0; i < 11; i++) seen.push((await login(email, `guess-${i}-x`, ip)).status);
      return seen;
    };
    const expected = [...Array(10).fill(401), 429];
    expect(await sequence(known.email)).toEqual(expected);
    expect(await sequence(unknown)).toEqual(expected);
    const stored = await env.DB.prepare('SELECT subject FROM auth_attempts').all<{ subject: string }>();
    expect(stored.results.length).toBeGreaterThan(0);
    for (const row of stored.results) expect(row.subject).not.toContain(ip);
  });

  it("a right password forgets its client's failures for the account, not the account's", async () => {
    const user = await registerUser();
    const ip = clientIp();
    for (let i = 0; i < 9; i++) await login(user.email, `guess-${i}-x`, ip);
    expect(await attempts('login_failure', user.email)).toBe(9);
    expect((await login(user.email, user.password, ip)).status).toBe(200);
    // The owner has ten tries again from this device; an attack spread elsewhere is not reset.
    for (let i = 0; i < 10; i++) expect((await login(user.email, `typo-${i}-x`, ip)).status).toBe(401);
    expect(await attempts('login_failure', user.email)).toBe(19);
  });
});

describe('registration does not answer an unbounded stream of probes', { timeout: 60_000 }, () => {
  it('keeps the documented message for a taken address, but answers one client 20 times an hour', async () => {
    const taken = await registerUser();
    const prober = clientIp();
    for (let i = 0; i < 20; i++) {
      const res = await post('/v1/auth/register', { ...newAccount(), email: taken.email }, undefined, prober);
      expect(res.status).toBe(422);
      expect(res.body.errors.email).toEqual(['This email is already registered']);
    }
    const known = await post('/v1/auth/register', { ...newAccount(), email: taken.email }, undefined, prober);
    const unknown = await post('/v1/auth/register', newAccount(), undefined, prober);
    expect(known.status).toBe(429);
    expect(unknown.status).toBe(429);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe('Too many sign-up attempts from this network. Please try again in an hour.');
    // Another client registers as usual.
    expect((await post('/v1/auth/register', newAccount(), undefined, clientIp())).status).toBe(201);
  });

  it('forgot-password answers one client 10 times an hour, whatever the addresses', async () => {
    const ip = clientIp();
    for (let i = 0; i < 10; i++) {
      expect((await post('/v1/auth/forgot-password', { email: newAccount().email }, undefined, ip)).status).toBe(200);
    }
    const res = await post('/v1/auth/forgot-password', { email: newAccount().email }, undefined, ip);
    expect(res.status).toBe(429);
    expect(res.body.errors.email).toEqual([res.body.message]);
  });
});

describe('verify-otp answers known and unknown addresses alike', { timeout: 60_000 }, () => {
  const verify = (email: string, otp: string) => post('/v1/auth/verify-otp', { email, otp }, undefined, clientIp());

  it('five 422s then 429 for both, each probe from another client', async () => {
    const known = await registerUser();
    const unknown = newAccount().email;
    for (const email of [known.email, unknown]) {
      expect((await post('/v1/auth/forgot-password', { email })).status).toBe(200);
    }
    const [mail] = await outbox(known.email);
    const wrong = mail!.code === '000000' ? '111111' : '000000';
    const answers = async (email: string) => {
      const seen = [];
      for (let i = 0; i < 6; i++) {
        const res = await verify(email, wrong);
        seen.push({ status: res.status, body: res.body });
      }
      return seen;
    };
    const forKnown = await answers(known.email);
    const forUnknown = await answers(unknown);
    expect(forKnown.map((answer) => answer.status)).toEqual([422, 422, 422, 422, 422, 429]);
    expect(forUnknown).toEqual(forKnown);
    // A new code starts a new count, for the known address and the unknown one alike.
    await ageAllAttempts(2 * 60 * 1000 + 1000);
    for (const email of [known.email, unknown]) {
      expect((await post('/v1/auth/forgot-password', { email })).status).toBe(200);
      expect((await verify(email, wrong)).status).toBe(422);
    }
    const [fresh] = await outbox(known.email);
    expect((await verify(known.email, fresh!.code!)).status).toBe(200);
  });

  it('one client gets 20 wrong codes in 15 minutes, whatever the addresses', async () => {
    const ip = clientIp();
    for (let i = 0; i < 20; i++) {
      const res = await post('/v1/auth/verify-otp', { email: newAccount().email, otp: '123456' }, undefined, ip);
      expect(res.status).toBe(422);
    }
    const res = await post('/v1/auth/verify-otp', { email: newAccount().email, otp: '123456' }, undefined, ip);
    expect(res.status).toBe(429);
    expect(
      (await post('/v1/auth/verify-otp', { email: newAccount().email, otp: '123456' }, undefined, clientIp())).status,
    ).toBe(422);
  });
});
