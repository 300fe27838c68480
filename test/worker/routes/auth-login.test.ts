import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAccount, registerUser } from '../helpers';
import { ageAttempts, apiWith, login, post, profileWith } from '../auth-helpers';

describe('POST /v1/auth/login', { timeout: 30_000 }, () => {
  let user: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    user = await registerUser();
  });

  it('signs in with the right password, whatever the case of the address', async () => {
    const res = await login(user.email.toUpperCase(), user.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      token: expect.any(String),
      refresh_token: expect.any(String),
      user: { id: user.id, email: user.email, username: user.username },
    });
    expect((await profileWith(res.body.token)).body.data.id).toBe(user.id);
  });

  it.each([
    ['email', { email: 'nope' }, 'Please enter a valid email address'],
    ['email', { email: undefined }, 'Please enter a valid email address'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['password', { password: undefined }, 'Password must be at least 6 characters'],
  ])('refuses a bad %s with the spec message (%j)', async (field, change, message) => {
    const res = await post('/v1/auth/login', { email: user.email, password: user.password, ...change });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, message, errors: { [field]: [message] } });
    expect(res.body).not.toHaveProperty('token');
  });

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const wrong = await login(user.email, 'wrong-password');
    const unknown = await login(newAccount().email, 'whatever1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('tells a pending account so, after a right password only, and gives no tokens', async () => {
    const pending = newAccount();
    await apiWith({ REQUIRE_ACTIVATION: 'true' }, '/v1/auth/register', { method: 'POST', json: pending });
    const res = await login(pending.email, pending.password);
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('pending activation');
    expect(res.body).not.toHaveProperty('token');
    expect(res.body).not.toHaveProperty('refresh_token');
    const wrong = await login(pending.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).not.toContain('pending');
  });

  it('bounds failed sign-ins at 10 per account per 15 minutes, even against parallel guesses', async () => {
    const victim = await registerUser();
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => login(victim.email, `guess-${i}-x`)));
    const statuses = guesses.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);

    // Past the bound even the right password is refused, with a clear message.
    const locked = await login(victim.email, victim.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      success: false,
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    // Another account is not affected.
    expect((await login(user.email, user.password)).status).toBe(200);

    // Once the failures are older than 15 minutes, the owner gets in, which forgets them.
    await ageAttempts('login_failure', victim.email, 15 * 60 * 1000 + 1000);
    expect((await login(victim.email, victim.password)).status).toBe(200);
    const left = await env.DB.prepare(
      "SELECT count(*) AS n FROM auth_attempts WHERE kind = 'login_failure' AND subject = ?",
    )
      .bind(victim.email)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it('bounds an unknown address too, so the bound does not reveal which addresses exist', async () => {
    const email = newAccount().email;
    for (let i = 0; i < 10; i++) expect((await login(email, `guess-${i}-x`)).status).toBe(401);
    expect((await login(email, 'guess-10-x')).status).toBe(429);
  });
});
