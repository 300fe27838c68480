import { describe, expect, it } from 'vitest';
import { newAccount, registerUser } from '../helpers';
import { login, outbox, post, profileWith, userRow } from '../auth-helpers';
import { enableTotp, nextCode, securityCall } from '../security-helpers';

const WEAK = 'This password is too common. Please choose a less common password.';

describe('POST /v1/user/security/password', { timeout: 30_000 }, () => {
  it('changes the password given the current one, and signs every other session out', async () => {
    const user = await registerUser();
    const elsewhere = (await login(user.email, user.password)).body;
    const res = await securityCall(user.token, 'POST', '/password', {
      current_password: user.password,
      password: 'quiet-harbour-77',
      password_confirmation: 'quiet-harbour-77',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password changed successfully');
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'quiet-harbour-77')).status).toBe(200);
    expect((await profileWith(elsewhere.token)).status).toBe(401);
    expect((await post('/v1/auth/refresh', { refresh_token: elsewhere.refresh_token })).status).toBe(401);
    expect((await profileWith(user.token)).status).toBe(200);
  });

  it('refuses a wrong or missing current password, a mismatch and a common password; nothing changes', async () => {
    const user = await registerUser();
    const change = (body: Record<string, unknown>) =>
      securityCall(user.token, 'POST', '/password', {
        password: 'quiet-harbour-77',
        password_confirmation: 'quiet-harbour-77',
        ...body,
      });
    const missing = await change({});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.current_password).toEqual(['Please enter your current password']);
    const wrong = await change({ current_password: 'not-it-at-all' });
    expect(wrong.body.errors).toEqual({ current_password: ['Your current password is incorrect'] });
    const mismatch = await change({ current_password: user.password, password_confirmation: 'other-one-77' });
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['Passwords do not match'] });
    const common = await change({
      current_password: user.password,
      password: 'iloveyou',
      password_confirmation: 'iloveyou',
    });
    expect(common.body.errors).toEqual({ password: [WEAK] });
    const before = await userRow(user.email);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await userRow(user.email))?.password_hash).toBe(before?.password_hash);
    expect((await post('/v1/user/security/password', { current_password: 'x' })).status).toBe(401);
  });

  it('ends a reset under way: a code mailed or a token verified before no longer sets the password', async () => {
    const user = await registerUser();
    expect((await post('/v1/auth/forgot-password', { email: user.email })).status).toBe(200);
    const [mail] = await outbox(user.email);
    const verified = await post('/v1/auth/verify-otp', { email: user.email, otp: mail!.code });
    expect(verified.status).toBe(200);
    const changed = await securityCall(user.token, 'POST', '/password', {
      current_password: user.password,
      password: 'quiet-harbour-77',
      password_confirmation: 'quiet-harbour-77',
    });
    expect(changed.status).toBe(200);
    const reset = await post('/v1/auth/reset-password', {
      email: user.email,
      token: verified.body.data.token,
      password: 'Intruder@Owns9',
      password_confirmation: 'Intruder@Owns9',
    });
    expect(reset.status).toBe(422);
    expect(reset.body.errors).toEqual({ token: ['Invalid or expired token'] });
    expect((await login(user.email, 'Intruder@Owns9')).status).toBe(401);
    expect((await login(user.email, 'quiet-harbour-77')).status).toBe(200);
  });

  it('accepts a fresh authenticator code in place of the password, and bounds wrong guesses', async () => {
    const user = await registerUser();
    const { secret } = await enableTotp(user);
    const res = await securityCall(user.token, 'POST', '/password', {
      code: nextCode(secret),
      password: 'quiet-harbour-77',
      password_confirmation: 'quiet-harbour-77',
    });
    expect(res.status).toBe(200);
    // A stolen access token cannot be used to guess the password: 10 tries, then 429.
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const guess = await securityCall(user.token, 'POST', '/totp/disable', { current_password: `guess-${i}-x` });
      statuses.push(guess.status);
    }
    expect(statuses).toEqual([...Array(10).fill(422), 429]);
  });
});

describe('changing the e-mail address', { timeout: 30_000 }, () => {
  it('sends a code to the new address, changes it on confirmation, and tells the old one', async () => {
    const user = await registerUser();
    const newEmail = newAccount().email;
    const start = await securityCall(user.token, 'POST', '/email', {
      email: newEmail.toUpperCase(),
      current_password: user.password,
    });
    expect(start.status).toBe(202);
    expect(start.body.message).toBe(`We sent a 6-digit code to ${newEmail}.`);
    const [mail] = await outbox(newEmail);
    expect(mail!.subject).toBe('Confirm your new email address');
    expect(mail!.code).toMatch(/^\d{6}$/);
    // Nothing changes before the code comes back.
    expect((await userRow(user.email))?.email).toBe(user.email);

    const wrong = await securityCall(user.token, 'POST', '/email/confirm', {
      code: mail!.code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: ['Invalid or expired verification code'] });
    const done = await securityCall(user.token, 'POST', '/email/confirm', { code: mail!.code });
    expect(done.status).toBe(200);
    expect(done.body.data.email).toBe(newEmail);
    expect((await login(newEmail, user.password)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    const [notice] = await outbox(user.email);
    expect(notice!.subject).toBe('Your Cardlink email address was changed');
    expect(notice!.code).toBeNull();
    // The code is used up.
    expect((await securityCall(user.token, 'POST', '/email/confirm', { code: mail!.code })).status).toBe(422);
  });

  it('ends a reset under way: a code mailed to the old address no longer works with the new one', async () => {
    const user = await registerUser();
    expect((await post('/v1/auth/forgot-password', { email: user.email })).status).toBe(200);
    const [reset] = await outbox(user.email);
    const newEmail = newAccount().email;
    expect(
      (await securityCall(user.token, 'POST', '/email', { email: newEmail, current_password: user.password })).status,
    ).toBe(202);
    const [mail] = await outbox(newEmail);
    expect((await securityCall(user.token, 'POST', '/email/confirm', { code: mail!.code })).status).toBe(200);
    // Whoever reads the old mailbox is told the new address; the old code must not work with it.
    const [notice] = await outbox(user.email);
    expect(notice!.text).toContain(newEmail);
    const verify = await post('/v1/auth/verify-otp', { email: newEmail, otp: reset!.code });
    expect(verify.status).toBe(422);
    expect(verify.body.errors).toEqual({ otp: ['Invalid or expired verification code'] });
    expect((await login(newEmail, user.password)).status).toBe(200);
  });

  it('needs the password, refuses the same address, and a taken one only at confirmation', async () => {
    const user = await registerUser();
    const taken = await registerUser();
    expect((await securityCall(user.token, 'POST', '/email', { email: newAccount().email })).status).toBe(422);
    const same = await securityCall(user.token, 'POST', '/email', {
      email: user.email,
      current_password: user.password,
    });
    expect(same.body.errors).toEqual({ email: ['This is already your email address'] });
    const start = await securityCall(user.token, 'POST', '/email', {
      email: taken.email,
      current_password: user.password,
    });
    expect(start.status).toBe(202);
    const [mail] = await outbox(taken.email);
    const confirm = await securityCall(user.token, 'POST', '/email/confirm', { code: mail!.code });
    expect(confirm.status).toBe(422);
    expect(confirm.body.errors).toEqual({ email: ['This email is already registered'] });
    expect((await userRow(user.email))?.email).toBe(user.email);
  });

  it('sends at most one code per 120 s, and 5 wrong codes use a code up', async () => {
    const user = await registerUser();
    const email = newAccount().email;
    expect((await securityCall(user.token, 'POST', '/email', { email, current_password: user.password })).status).toBe(
      202,
    );
    const again = await securityCall(user.token, 'POST', '/email', { email, current_password: user.password });
    expect(again.status).toBe(429);
    const [mail] = await outbox(email);
    const wrong = mail!.code === '000000' ? '111111' : '000000';
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await securityCall(user.token, 'POST', '/email/confirm', { code: wrong })).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expect((await securityCall(user.token, 'POST', '/email/confirm', { code: mail!.code })).status).toBe(429);
  });
});
