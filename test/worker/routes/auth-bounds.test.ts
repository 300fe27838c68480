import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { clientIp, newAccount, registerUser } from '../helpers';
import { ageAllAttempts, login, outbox, post } from '../auth-helpers';

// The bounds of README's Decisions, each tried as an attacker would (README, Decisions: bounds).
const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
const MINUTES_15 = 15 * 60 * 1000;

const attempts = async (kind: string, subject: string) =>
  (
    await env.DB.prepare('SELECT count(*) AS n FROM auth_attempts WHERE kind = ?1 AND subject = ?2')
      .bind(kind, subject)
      .first<{ n: number }>()
  )?.n ?? 0;

/** `count` failed sign-ins of an account, as if from that many other clients a minute ago. */
async function failedFromElsewhere(email: string, count: number) {
  const at = Date.now() - 60_000;
  const rows = Array.from({ length: count }, () =>
    env.DB.prepare("INSERT INTO auth_attempts (kind, subject, created_at) VALUES ('login_failure', ?1, ?2)").bind(
      email,
      at,
    ),
  );
  await env.DB.batch(rows);
}

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

  it('once 100 clients have failed for an account, stops failing clients only: a clean one signs in', async () => {
    const victim = await registerUser();
    await failedFromElsewhere(victim.email, 100);
    const failing = clientIp();
    expect((await login(newAccount().email, 'wrong-guess-1', failing)).status).toBe(401);
    expect((await login(victim.email, victim.password, failing)).status).toBe(429);
    expect((await login(victim.email, victim.password, clientIp())).status).toBe(200);
    // A clean client that then fails is a failing client from then on.
    const typo = clientIp();
    expect((await login(victim.email, 'a-typo-here', typo)).status).toBe(401);
    expect((await login(victim.email, victim.password, typo)).status).toBe(429);
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
