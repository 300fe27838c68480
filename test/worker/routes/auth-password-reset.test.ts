import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { newAccount, registerUser } from '../helpers';
import { ageAttempts, agePasswordResets, login, outbox, post, profileWith, userRow } from '../auth-helpers';

const forgot = (email: unknown) => post('/v1/auth/forgot-password', { email });
const verify = (email: unknown, otp: unknown) => post('/v1/auth/verify-otp', { email, otp });
const reset = (body: Record<string, unknown>) => post('/v1/auth/reset-password', body);

const NEW_PASSWORD = 'N3wPassw0rd!';
const TWO_MINUTES = 120 * 1000 + 1000;

/** A wrong code for `code`, still 6 digits. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function requestCode(email: string) {
  const res = await forgot(email);
  expect(res.status).toBe(200);
  const [mail] = await outbox(email);
  expect(mail?.code).toMatch(/^\d{6}$/);
  return mail!.code!;
}

describe('password reset', { timeout: 30_000 }, () => {
  it('runs the whole flow through the development outbox', async () => {
    const user = await registerUser();
    const res = await forgot(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);

    const [mail] = await outbox(user.email);
    expect(mail).toMatchObject({ to: user.email, subject: expect.any(String), code: expect.stringMatching(/^\d{6}$/) });
    expect(mail!.text).toContain(mail!.code);
    const stored = await env.DB.prepare('SELECT code_hash FROM password_resets WHERE user_id = ?')
      .bind(user.id)
      .first();
    expect(JSON.stringify(stored)).not.toContain(mail!.code);

    const verified = await verify(user.email, mail!.code);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, message: 'OTP verified successfully' });
    const token = verified.body.data.token as string;
    expect(token).toEqual(expect.any(String));

    const done = await reset({ email: user.email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, message: 'Password reset successfully' });

    // The new password works, the old one no more, and every earlier session is signed out.
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await profileWith(user.token)).status).toBe(401);
    expect((await post('/v1/auth/refresh', { refresh_token: user.refreshToken })).status).toBe(401);
    const row = await userRow(user.email);
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain(NEW_PASSWORD);

    // The reset token and the code are single use.
    const again = await reset({
      email: user.email,
      token,
      password: 'An0therPass!',
      password_confirmation: 'An0therPass!',
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Invalid or expired token');
    expect((await verify(user.email, mail!.code)).status).toBe(422);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const user = await registerUser();
    const known = await forgot(user.email);
    const email = newAccount().email;
    const unknown = await forgot(email);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await outbox(email)).toEqual([]);
    // The bounds hold for unknown addresses as well.
    expect((await forgot(email)).body).toEqual((await forgot(user.email)).body);
  });

  it('refuses a wrong code, then an expired one', async () => {
    const user = await registerUser();
    const code = await requestCode(user.email);
    const bad = await verify(user.email, wrong(code));
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      success: false,
      message: 'Invalid or expired verification code',
      errors: { otp: ['Invalid or expired verification code'] },
    });
    expect((await verify(newAccount().email, code)).status).toBe(422);

    await agePasswordResets(user.email, 10 * 60 * 1000);
    const expired = await verify(user.email, code);
    expect(expired.status).toBe(422);
    expect(expired.body.errors.otp).toEqual(['Invalid or expired verification code']);
  });

  it('allows 5 wrong codes per code, then refuses even the right one until a new code', async () => {
    const user = await registerUser();
    const code = await requestCode(user.email);
    const tries = await Promise.all(Array.from({ length: 7 }, () => verify(user.email, wrong(code))));
    expect(tries.filter((res) => res.status === 422)).toHaveLength(5);
    expect(tries.filter((res) => res.status === 429)).toHaveLength(2);
    const right = await verify(user.email, code);
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ success: false, message: 'Too many incorrect codes. Please request a new code.' });

    await ageAttempts('reset_mail', user.email, TWO_MINUTES);
    const fresh = await requestCode(user.email);
    expect((await verify(user.email, fresh)).status).toBe(200);
  });

  it('allows 40 wrong codes per address a day, however many codes were sent, from any addresses', async () => {
    const user = await registerUser();
    // Eight codes, five wrong guesses each, each from another client; the mails' hourly bound aged away.
    for (let round = 0; round < 8; round++) {
      await ageAttempts('reset_mail', user.email, 2 * 60 * 60 * 1000);
      const code = await requestCode(user.email);
      const tries = await Promise.all(Array.from({ length: 5 }, () => verify(user.email, wrong(code))));
      expect(tries.map((res) => res.status)).toEqual([422, 422, 422, 422, 422]);
    }
    await ageAttempts('reset_mail', user.email, 2 * 60 * 60 * 1000);
    const ninth = await requestCode(user.email);
    const right = await verify(user.email, ninth);
    expect(right.status).toBe(429);
    expect(right.body).toEqual({
      success: false,
      message: 'Too many incorrect codes for this address today. Please try again tomorrow.',
    });

    // A day later the address may try again.
    await ageAttempts('otp_failure_day', user.email, 24 * 60 * 60 * 1000);
    await ageAttempts('reset_mail', user.email, 2 * 60 * 60 * 1000);
    const next = await requestCode(user.email);
    expect((await verify(user.email, next)).status).toBe(200);
  });

  it('a new code replaces the earlier one', async () => {
    const user = await registerUser();
    const first = await requestCode(user.email);
    await ageAttempts('reset_mail', user.email, TWO_MINUTES);
    const second = await requestCode(user.email);
    if (first !== second) expect((await verify(user.email, first)).status).toBe(422);
    expect((await verify(user.email, second)).status).toBe(200);
  });

  it('refuses a reset token that expired, or that belongs to another address', async () => {
    const user = await registerUser();
    const other = await registerUser();
    const code = await requestCode(user.email);
    const token = (await verify(user.email, code)).body.data.token as string;
    const body = { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await reset({ ...body, email: other.email })).status).toBe(422);
    await env.DB.prepare('UPDATE password_resets SET reset_token_expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1, user.id)
      .run();
    const expired = await reset({ ...body, email: user.email });
    expect(expired.status).toBe(422);
    expect(expired.body.message).toBe('Invalid or expired token');
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('of two concurrent resets with one token, exactly one wins and sets its password', async () => {
    const user = await registerUser();
    const code = await requestCode(user.email);
    const token = (await verify(user.email, code)).body.data.token as string;
    const passwords = ['F1rstPass!', 'S3condPass!'];
    const answers = await Promise.all(
      passwords.map((password) => reset({ email: user.email, token, password, password_confirmation: password })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 422]);
    const loser = answers.find((res) => res.status === 422)!;
    expect(loser.body).toEqual({
      success: false,
      message: 'Invalid or expired token',
      errors: { token: ['Invalid or expired token'] },
    });
    const winner = passwords[answers.findIndex((res) => res.status === 200)]!;
    const other = passwords.find((password) => password !== winner)!;
    expect((await login(user.email, other)).status).toBe(401);
    expect((await login(user.email, winner)).status).toBe(200);
  });

  it('a reset whose password write fails leaves the token usable and the password unchanged', async () => {
    const user = await registerUser();
    const code = await requestCode(user.email);
    const token = (await verify(user.email, code)).body.data.token as string;
    const body = { email: user.email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    // The database refuses this account's password write, as a failing write would.
    await env.DB.prepare(
      `CREATE TRIGGER refuse_password_write BEFORE UPDATE OF password_hash ON users
       WHEN OLD.id = '${user.id}' BEGIN SELECT RAISE(ABORT, 'write refused'); END`,
    ).run();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const failed = await reset(body);
      expect(failed.status).toBe(500);
    } finally {
      await env.DB.prepare('DROP TRIGGER refuse_password_write').run();
      errors.mockRestore();
    }
    // Nothing was half done: the old password and sessions still work, and the token can be used again.
    expect((await profileWith(user.token)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
    const retried = await reset(body);
    expect(retried.status).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('sends at most one code per 120 s and 5 per address per hour', async () => {
    const user = await registerUser();
    await requestCode(user.email);
    const soon = await forgot(user.email);
    expect(soon.status).toBe(429);
    // The client reads errors.email and shows it as a toast (docs/product.md §7 and §8).
    const wait = 'Please wait 120 seconds before requesting a new code.';
    expect(soon.body).toEqual({ success: false, message: wait, errors: { email: [wait] } });

    for (let i = 2; i <= 5; i++) {
      await ageAttempts('reset_mail', user.email, TWO_MINUTES);
      expect((await forgot(user.email)).status).toBe(200);
    }
    expect(await outbox(user.email)).toHaveLength(5);
    await ageAttempts('reset_mail', user.email, TWO_MINUTES);
    const hourly = await forgot(user.email);
    expect(hourly.status).toBe(429);
    const hour = 'Too many reset requests for this address. Please try again in an hour.';
    expect(hourly.body).toEqual({ success: false, message: hour, errors: { email: [hour] } });
    expect(await outbox(user.email)).toHaveLength(5);

    // An hour after the first one, a new code may be sent.
    await ageAttempts('reset_mail', user.email, 60 * 60 * 1000 - 4 * TWO_MINUTES);
    expect((await forgot(user.email)).status).toBe(200);
  });

  describe('validation (docs/product.md §5)', () => {
    it.each([
      ['forgot-password', { email: 'nope' }, 'email', 'Please enter a valid email address'],
      ['forgot-password', {}, 'email', 'Please enter a valid email address'],
      ['verify-otp', { email: 'a@example.com', otp: '12345' }, 'otp', 'OTP must be 6 digits'],
      ['verify-otp', { email: 'a@example.com', otp: '1234567' }, 'otp', 'OTP must be 6 digits'],
      ['verify-otp', { email: 'a@example.com', otp: '12a456' }, 'otp', 'OTP must contain only digits'],
      ['verify-otp', { email: 'a@example.com' }, 'otp', 'OTP must be 6 digits'],
      ['verify-otp', { email: 'nope', otp: '123456' }, 'email', 'Please enter a valid email address'],
      ['reset-password', { email: 'nope' }, 'email', 'Invalid email'],
      ['reset-password', { password: 'Ab1!x' }, 'password', 'Password must be at least 6 characters'],
      [
        'reset-password',
        { password: 'abcdefgh' },
        'password',
        'Password must contain uppercase, lowercase, number and special character',
      ],
      [
        'reset-password',
        { password: 'Abcdefg1' },
        'password',
        'Password must contain uppercase, lowercase, number and special character',
      ],
      [
        'reset-password',
        { password: 'Abc1!e' },
        'password',
        'Password must contain uppercase, lowercase, number and special character',
      ],
      [
        'reset-password',
        { password: 'Abcdef1!#' },
        'password',
        'Password must contain uppercase, lowercase, number and special character',
      ],
      ['reset-password', { password_confirmation: 'Other-Pass1!' }, 'password_confirmation', 'Passwords do not match'],
      ['reset-password', { token: '' }, 'token', 'Reset token is required'],
    ])('POST /v1/auth/%s %j: %s', async (route, change, field, message) => {
      const base =
        route === 'reset-password'
          ? { email: 'a@example.com', token: 'some-token', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }
          : {};
      const res = await post(`/v1/auth/${route}`, { ...base, ...change });
      expect(res.status).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.body.errors[field]).toContain(message);
    });

    it('a refused request changes nothing', async () => {
      const user = await registerUser();
      expect((await forgot(user.email.replace('@', ' at '))).status).toBe(422);
      expect((await forgot('')).status).toBe(422);
      expect(await outbox(user.email)).toEqual([]);
    });
  });
});
