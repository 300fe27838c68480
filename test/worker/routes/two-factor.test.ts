import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, matchTotp, otpauthUri, totpCode } from '../../../worker/lib/totp';
import { api, clientIp, registerUser } from '../helpers';
import { deviceCookie, fromBrowser, login, loginFrom, outbox, post, profileWith } from '../auth-helpers';
import { enableTotp, forgetLastStep, nextCode, securityCall } from '../security-helpers';

const secondFactor = (mfa_token: string, code: string, ip = clientIp(), cookie?: string) =>
  api('/v1/auth/login/second-factor', { method: 'POST', json: { mfa_token, code }, headers: fromBrowser(ip, cookie) });

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors for SHA-1, 6 digits', () => {
    // RFC 6238 appendix B, secret "12345678901234567890", truncated to 6 digits.
    const secret = new TextEncoder().encode('12345678901234567890');
    expect(hotp(secret, Math.floor(59 / 30))).toBe('287082');
    expect(hotp(secret, Math.floor(1111111109 / 30))).toBe('081804');
    expect(hotp(secret, Math.floor(2000000000 / 30))).toBe('279037');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).toEqual(secret);
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1111111109_000)).toBe('081804');
  });

  it('accepts one step either side, no further', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const now = 1_700_000_000_000;
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now)).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).not.toBeNull();
    expect(matchTotp(secret, totpCode(secret, now - 90_000), now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('builds the otpauth URI authenticator apps scan', () => {
    expect(otpauthUri('ABC', 'ada@example.com')).toBe(
      'otpauth://totp/Cardlink:ada%40example.com?secret=ABC&issuer=Cardlink&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('turning on the authenticator app', { timeout: 30_000 }, () => {
  it('asks for the password, shows a secret and QR URI, confirms with a code, answers 10 recovery codes once', async () => {
    const user = await registerUser();
    const noProof = await securityCall(user.token, 'POST', '/totp/setup', {});
    expect(noProof.status).toBe(422);
    expect(noProof.body.errors).toEqual({ current_password: ['Please enter your current password'] });
    const wrong = await securityCall(user.token, 'POST', '/totp/setup', { current_password: 'not-my-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ['Your current password is incorrect'] });

    const setup = await securityCall(user.token, 'POST', '/totp/setup', { current_password: user.password });
    expect(setup.status).toBe(200);
    const secret = setup.body.data.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.otpauth_url).toContain(`secret=${secret}`);
    // Not on until confirmed: the password alone still signs in.
    expect((await login(user.email, user.password)).body.token).toEqual(expect.any(String));

    const bad = await securityCall(user.token, 'POST', '/totp/enable', {
      code: '000000' === totpCode(secret) ? '111111' : '000000',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ code: ['Invalid or expired verification code'] });
    const enabled = await securityCall(user.token, 'POST', '/totp/enable', { code: totpCode(secret) });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored only hashed.
    const stored = await env.DB.prepare('SELECT code_hash FROM recovery_codes WHERE user_id = ?')
      .bind(user.id)
      .all<{ code_hash: string }>();
    expect(stored.results).toHaveLength(10);
    for (const row of stored.results) expect(codes.some((code) => row.code_hash.includes(code))).toBe(false);

    const overview = await securityCall(user.token, 'GET', '');
    expect(overview.body.data).toMatchObject({ totp_enabled: true, recovery_codes_left: 10, passkeys: [] });
    // Setting up again is refused while it is on.
    expect((await securityCall(user.token, 'POST', '/totp/setup', { current_password: user.password })).status).toBe(
      409,
    );
  });

  it('refuses anonymous calls and another bad body', async () => {
    expect((await post('/v1/user/security/totp/setup', { current_password: 'x' })).status).toBe(401);
    const user = await registerUser();
    const res = await securityCall(user.token, 'POST', '/totp/enable', { code: '12 34' });
    expect(res.status).toBe(422);
    expect((await securityCall(user.token, 'POST', '/totp/enable', { code: '123456' })).status).toBe(409);
  });

  it('bounds wrong confirmation codes: 10 per 15 minutes, then even the right one waits', async () => {
    const user = await registerUser();
    const setup = await securityCall(user.token, 'POST', '/totp/setup', { current_password: user.password });
    const secret = setup.body.data.secret as string;
    const wrong = nextCode(secret, 10);
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await securityCall(user.token, 'POST', '/totp/enable', { code: wrong })).status);
    expect(statuses).toEqual([...Array(10).fill(422), 429]);
    const right = await securityCall(user.token, 'POST', '/totp/enable', { code: totpCode(secret) });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many incorrect codes. Please try again in 15 minutes.');
    expect((await securityCall(user.token, 'GET', '')).body.data.totp_enabled).toBe(false);
  });
});

describe('signing in with the second factor', { timeout: 60_000 }, () => {
  it('asks for a code after the password, and gives no token until it comes', async () => {
    const user = await registerUser();
    const { secret } = await enableTotp(user);
    const first = await login(user.email, user.password);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, mfa_required: true, mfa_methods: ['totp', 'recovery_code'] });
    expect(first.body).not.toHaveProperty('token');
    expect(first.body).not.toHaveProperty('refresh_token');
    expect(first.body.mfa_token).toEqual(expect.any(String));

    const wrong = await secondFactor(first.body.mfa_token, nextCode(secret, 5));
    expect(wrong.status).toBe(422);
    // One code for the whole test: on a slow machine the next step may begin between calls.
    const code = nextCode(secret);
    const done = await secondFactor(first.body.mfa_token, code);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, token: expect.any(String), refresh_token: expect.any(String) });
    expect((await profileWith(done.body.token)).status).toBe(200);
    // The waiting sign-in is used up, and the same code does not work twice.
    expect((await secondFactor(first.body.mfa_token, code)).status).toBe(401);
    const again = await login(user.email, user.password);
    expect((await secondFactor(again.body.mfa_token, code)).status).toBe(422);
  });

  it('a recovery code works once, then no more', async () => {
    const user = await registerUser();
    const { recoveryCodes } = await enableTotp(user);
    const code = recoveryCodes[3]!;
    const first = await login(user.email, user.password);
    const done = await secondFactor(first.body.mfa_token, code.toUpperCase().replace('-', ' '));
    expect(done.status).toBe(200);
    const second = await login(user.email, user.password);
    const reused = await secondFactor(second.body.mfa_token, code);
    expect(reused.status).toBe(422);
    expect(reused.body.errors).toEqual({ code: ['Invalid or expired verification code'] });
    expect((await securityCall(done.body.token, 'GET', '')).body.data.recovery_codes_left).toBe(9);
  });

  it('bounds wrong codes per sign-in (5) and per client (10)', async () => {
    const user = await registerUser();
    const { secret } = await enableTotp(user);
    const attacker = clientIp();
    const wrongCode = nextCode(secret, 10);
    const { mfa_token } = (await loginFrom(user.email, user.password, attacker)).body;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await secondFactor(mfa_token, wrongCode, attacker)).status);
    // The sixth finds its sign-in used up: start again.
    expect(statuses).toEqual([422, 422, 422, 422, 422, 401]);
    const again = (await loginFrom(user.email, user.password, attacker)).body.mfa_token as string;
    for (let i = 0; i < 5; i++) expect((await secondFactor(again, wrongCode, attacker)).status).toBe(422);
    const third = (await loginFrom(user.email, user.password, attacker)).body.mfa_token as string;
    const refused = await secondFactor(third, nextCode(secret), attacker);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many incorrect codes. Please try again in 15 minutes.');
  });

  it("the password holder's wrong codes from elsewhere never lock the owner's device out", async () => {
    const user = await registerUser();
    const { secret } = await enableTotp(user);
    // The owner's phone passed the second factor once: it is a known device of the account.
    const phone = clientIp();
    await forgetLastStep(user.id);
    const started = await loginFrom(user.email, user.password, phone);
    const passed = await secondFactor(started.body.mfa_token, totpCode(secret), phone);
    expect(passed.status).toBe(200);
    const cookie = deviceCookie(passed);
    await forgetLastStep(user.id);

    // Ten wrong codes from elsewhere: the owner's right code still works, even on a new device...
    const wrong = nextCode(secret, 10);
    for (const attacker of [clientIp(), clientIp()]) {
      const { mfa_token } = (await loginFrom(user.email, user.password, attacker)).body;
      for (let i = 0; i < 5; i++) expect((await secondFactor(mfa_token, wrong, attacker)).status).toBe(422);
    }
    const newDevice = clientIp();
    const fresh = (await loginFrom(user.email, user.password, newDevice)).body.mfa_token as string;
    expect((await secondFactor(fresh, totpCode(secret), newDevice)).status).toBe(200);
    await forgetLastStep(user.id);

    // ...and once devices that never signed in have used the account's 20, only a known one gets in.
    for (let n = 0; n < 2; n++) {
      const attacker = clientIp();
      const { mfa_token } = (await loginFrom(user.email, user.password, attacker)).body;
      for (let i = 0; i < 5; i++) expect((await secondFactor(mfa_token, wrong, attacker)).status).toBe(422);
    }
    const stranger = clientIp();
    const blocked = (await loginFrom(user.email, user.password, stranger)).body.mfa_token as string;
    expect((await secondFactor(blocked, totpCode(secret), stranger)).status).toBe(429);
    const owner = await loginFrom(user.email, user.password, clientIp(), cookie);
    const inside = await secondFactor(owner.body.mfa_token, totpCode(secret), clientIp(), cookie);
    expect(inside.status).toBe(200);
    expect(inside.body.token).toEqual(expect.any(String));
  });

  it('a known device gets 40 wrong codes a day, not 10 every 15 minutes all day', async () => {
    const user = await registerUser();
    const { secret } = await enableTotp(user);
    // Whoever signed in once (perhaps before the factor was on) holds a device cookie.
    await forgetLastStep(user.id);
    const first = await loginFrom(user.email, user.password, clientIp());
    const passed = await secondFactor(first.body.mfa_token, totpCode(secret), clientIp());
    const cookie = deviceCookie(passed);
    const nonce = cookie.split('=')[1]!.split('.')[1];
    await forgetLastStep(user.id);
    const wrong = nextCode(secret, 10);
    // Four rounds of the device's 10 per 15 minutes, each aged past its window.
    for (let round = 0; round < 4; round++) {
      for (let n = 0; n < 2; n++) {
        const ip = clientIp();
        const { mfa_token } = (await loginFrom(user.email, user.password, ip, cookie)).body;
        for (let i = 0; i < 5; i++) expect((await secondFactor(mfa_token, wrong, ip, cookie)).status).toBe(422);
      }
      await env.DB.prepare(
        "UPDATE auth_attempts SET created_at = created_at - ?1 WHERE kind = 'second_factor_device' AND subject = ?2",
      )
        .bind(16 * 60 * 1000, nonce)
        .run();
    }
    const ip = clientIp();
    const { mfa_token } = (await loginFrom(user.email, user.password, ip, cookie)).body;
    const refused = await secondFactor(mfa_token, totpCode(secret), ip, cookie);
    expect(refused.status).toBe(429);
    // The day's bound, not the 15 minutes': waiting a quarter of an hour would not help.
    expect(refused.body.message).toBe('Too many incorrect codes today. Please try again tomorrow.');
    expect(refused.body).not.toHaveProperty('token');
  });

  it('an account deactivated while its code was awaited gets no tokens', async () => {
    const user = await registerUser();
    const { secret } = await enableTotp(user);
    const { mfa_token } = (await login(user.email, user.password)).body;
    await env.DB.prepare("UPDATE users SET status = 'pending' WHERE id = ?").bind(user.id).run();
    const res = await secondFactor(mfa_token, nextCode(secret));
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('token');
  });

  it('an expired or made-up sign-in token is refused', async () => {
    const user = await registerUser();
    const { secret } = await enableTotp(user);
    const { mfa_token } = (await login(user.email, user.password)).body;
    await env.DB.prepare("UPDATE auth_challenges SET expires_at = ?1 WHERE kind = 'second_factor'")
      .bind(Date.now() - 1)
      .run();
    const expired = await secondFactor(mfa_token, nextCode(secret));
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Your sign-in has expired. Please sign in again.');
    expect((await secondFactor('made-up-token', nextCode(secret))).status).toBe(401);
  });

  it('a password reset does not bypass it: the new password still asks for the code', async () => {
    const user = await registerUser();
    const { secret } = await enableTotp(user);
    await post('/v1/auth/forgot-password', { email: user.email });
    const [mail] = await outbox(user.email);
    const verified = await post('/v1/auth/verify-otp', { email: user.email, otp: mail!.code });
    const password = 'N3w&Brighter';
    const reset = await post('/v1/auth/reset-password', {
      email: user.email,
      token: verified.body.data.token,
      password,
      password_confirmation: password,
    });
    expect(reset.status).toBe(200);
    expect(reset.body).not.toHaveProperty('token');
    const signIn = await login(user.email, password);
    expect(signIn.body.mfa_required).toBe(true);
    expect(signIn.body).not.toHaveProperty('token');
    await forgetLastStep(user.id);
    expect((await secondFactor(signIn.body.mfa_token, nextCode(secret))).status).toBe(200);
  });
});

describe('turning the factor off and new recovery codes', { timeout: 30_000 }, () => {
  it('need the password or a fresh code; off means the password alone signs in again', async () => {
    const user = await registerUser();
    const { secret } = await enableTotp(user);
    expect((await securityCall(user.token, 'POST', '/totp/disable', {})).status).toBe(422);
    expect(
      (
        await securityCall(user.token, 'POST', '/totp/disable', {
          code: '000000' === nextCode(secret) ? '111111' : '000000',
        })
      ).status,
    ).toBe(422);

    const fresh = await securityCall(user.token, 'POST', '/recovery-codes', { code: nextCode(secret) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.recovery_codes).toHaveLength(10);

    const off = await securityCall(user.token, 'POST', '/totp/disable', { current_password: user.password });
    expect(off.status).toBe(200);
    expect((await login(user.email, user.password)).body.token).toEqual(expect.any(String));
    const rows = await env.DB.prepare(
      'SELECT (SELECT count(*) FROM totp_factors WHERE user_id = ?1) + (SELECT count(*) FROM recovery_codes WHERE user_id = ?1) AS n',
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("cannot touch another user's factor", async () => {
    const owner = await registerUser();
    await enableTotp(owner);
    const other = await registerUser();
    // The other user's proof is their own password; the call only ever acts on their account.
    const res = await securityCall(other.token, 'POST', '/totp/disable', { current_password: other.password });
    expect(res.status).toBe(200);
    expect((await login(owner.email, owner.password)).body.mfa_required).toBe(true);
  });
});
