import jwt from '@tsndr/cloudflare-worker-jwt';
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers';
import { login, post, profileWith } from '../auth-helpers';

// The labelled development secret (worker/lib/config.ts) the tests run with.
const DEV_SECRET = 'development-only-jwt-secret-never-use-in-production';

const refresh = (refresh_token: unknown) => post('/v1/auth/refresh', { refresh_token });
const logout = (json: unknown, token?: string) => post('/v1/auth/logout', json, token);

async function signIn(user: { email: string; password: string }) {
  const res = await login(user.email, user.password);
  expect(res.status).toBe(200);
  return { token: res.body.token as string, refreshToken: res.body.refresh_token as string };
}

describe('access tokens', { timeout: 30_000 }, () => {
  let user: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    user = await registerUser();
  });

  const claims = (overrides: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return { sub: user.id, typ: 'access', iat: now, exp: now + 600, auth_ms: Date.now(), ...overrides };
  };

  it('accepts a well-formed token signed with the secret (the control for the cases below)', async () => {
    expect((await profileWith(await jwt.sign(claims(), DEV_SECRET))).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await jwt.sign(claims({ iat: past - 900, exp: past, auth_ms: (past - 900) * 1000 }), DEV_SECRET);
    const res = await profileWith(expired);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'Invalid or expired token' });
  });

  it('refuses a token whose signature or payload was changed', async () => {
    const [header, payload, signature] = user.token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, 5)}${signature[5] === 'A' ? 'B' : 'A'}${signature.slice(6)}`;
    expect((await profileWith(`${header}.${payload}.${flipped}`)).status).toBe(401);
    const other = await registerUser();
    const otherPayload = other.token.split('.')[1];
    expect((await profileWith(`${header}.${otherPayload}.${signature}`)).status).toBe(401);
  });

  it('refuses a token signed with the secret but missing a claim the revocation check needs', async () => {
    // Without auth_ms a token would outlive "log out of all devices" and a password reset.
    const { auth_ms: _authMs, ...withoutAuthMs } = claims();
    const res = await profileWith(await jwt.sign(withoutAuthMs, DEV_SECRET));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'Invalid or expired token' });
    expect((await profileWith(await jwt.sign(claims({ auth_ms: String(Date.now()) }), DEV_SECRET))).status).toBe(401);
    expect((await profileWith(await jwt.sign(claims({ iat: 'now' }), DEV_SECRET))).status).toBe(401);
    expect((await profileWith(await jwt.sign(claims({ sub: 42 }), DEV_SECRET))).status).toBe(401);
  });

  it('refuses alg:none, another secret and a token of another type', async () => {
    const unsigned = await jwt.sign(claims(), '', { algorithm: 'none' });
    expect((await profileWith(unsigned)).status).toBe(401);
    expect((await profileWith(`${unsigned.split('.').slice(0, 2).join('.')}.`)).status).toBe(401);
    expect((await profileWith(await jwt.sign(claims(), 'another-secret-of-thirty-two-characters!'))).status).toBe(401);
    expect((await profileWith(await jwt.sign(claims({ typ: 'refresh' }), DEV_SECRET))).status).toBe(401);
    expect((await profileWith(await jwt.sign(claims(), DEV_SECRET, { algorithm: 'HS512' }))).status).toBe(401);
  });
});

describe('POST /v1/auth/refresh', { timeout: 30_000 }, () => {
  it('rotates: a new pair that works, and the old refresh token works no more', async () => {
    const user = await registerUser();
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: expect.any(String),
      token: expect.any(String),
      refresh_token: expect.any(String),
    });
    expect(first.body.refresh_token).not.toBe(user.refreshToken);
    expect((await profileWith(first.body.token)).status).toBe(200);

    const stored = await env.DB.prepare('SELECT token_hash FROM refresh_tokens WHERE user_id = ?').bind(user.id).all();
    expect(JSON.stringify(stored.results)).not.toContain(first.body.refresh_token);

    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
  });

  it('treats a used refresh token as stolen: refused, and the newer one is revoked too', async () => {
    const user = await registerUser();
    const rotated = await refresh(user.refreshToken);
    expect(rotated.status).toBe(200);

    const reused = await refresh(user.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ success: false, message: 'Invalid or expired refresh token' });
    // Whoever holds the newer token (maybe the thief) is signed out as well.
    expect((await refresh(rotated.body.refresh_token)).status).toBe(401);
  });

  it('does not touch the sessions of another sign-in when one family is revoked', async () => {
    const user = await registerUser();
    const laptop = await signIn(user);
    await refresh(user.refreshToken);
    await refresh(user.refreshToken); // reuse: revokes the registration's family only
    expect((await refresh(laptop.refreshToken)).status).toBe(200);
  });

  it('refuses an unknown or expired token, and a missing one with a field error', async () => {
    expect((await refresh('x'.repeat(43))).status).toBe(401);
    const user = await registerUser();
    await env.DB.prepare('UPDATE refresh_tokens SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1, user.id)
      .run();
    expect((await refresh(user.refreshToken)).status).toBe(401);
    const missing = await post('/v1/auth/refresh', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ refresh_token: ['Refresh token is required'] });
  });
});

describe('POST /v1/auth/logout', { timeout: 30_000 }, () => {
  it('revokes the presented session only', async () => {
    const user = await registerUser();
    const phone = await signIn(user);
    const res = await logout({ refresh_token: user.refreshToken, all_devices: false }, user.token);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh(phone.refreshToken)).status).toBe(200);
  });

  it('with all_devices, revokes every session and every access token issued so far', async () => {
    const user = await registerUser();
    const phone = await signIn(user);
    const res = await logout({ refresh_token: user.refreshToken, all_devices: true }, user.token);
    expect(res.status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh(phone.refreshToken)).status).toBe(401);
    expect((await profileWith(user.token)).status).toBe(401);
    expect((await profileWith(phone.token)).status).toBe(401);
    // Signing in again works.
    const again = await signIn(user);
    expect((await profileWith(again.token)).status).toBe(200);
    // A stale client retrying with its revoked access token cannot end the new session.
    expect((await logout({ all_devices: true }, user.token)).status).toBe(401);
    expect((await refresh(again.refreshToken)).status).toBe(200);
  });

  it('works with only an access token (all devices), or only a refresh token', async () => {
    const user = await registerUser();
    const byRefresh = await logout({ refresh_token: user.refreshToken });
    expect(byRefresh.status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(401);

    const session = await signIn(user);
    const byAccess = await logout({ all_devices: true }, session.token);
    expect(byAccess.status).toBe(200);
    expect((await refresh(session.refreshToken)).status).toBe(401);
  });

  it('refuses anonymous calls and a bad body', async () => {
    expect((await logout({ all_devices: true })).status).toBe(401);
    const unknown = await logout({ refresh_token: 'unknown-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ success: false, message: 'Invalid or expired refresh token' });
    const user = await registerUser();
    const bad = await logout({ refresh_token: user.refreshToken, all_devices: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('all_devices');
    expect((await refresh(user.refreshToken)).status).toBe(200);
  });
});

/** An access token as the Worker signs them, but expired an hour ago. */
async function expiredToken(userId: string) {
  const past = Math.floor(Date.now() / 1000) - 3600;
  return jwt.sign({ sub: userId, typ: 'access', iat: past - 900, exp: past, auth_ms: (past - 900) * 1000 }, DEV_SECRET);
}

/** The token with one character of its signature changed. */
function tampered(token: string) {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return `${header}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
}

describe('POST /v1/auth/logout with a broken or missing access token', { timeout: 30_000 }, () => {
  it('ends the session of the refresh token whether the bearer expired or was tampered with', async () => {
    const user = await registerUser();
    const phone = await signIn(user);
    const expired = await logout({ refresh_token: user.refreshToken, all_devices: false }, await expiredToken(user.id));
    expect(expired.status).toBe(200);
    expect(expired.body).toEqual({ success: true, message: 'Logged out successfully' });
    expect((await refresh(user.refreshToken)).status).toBe(401);

    const broken = await logout({ refresh_token: phone.refreshToken, all_devices: false }, tampered(phone.token));
    expect(broken.status).toBe(200);
    expect((await refresh(phone.refreshToken)).status).toBe(401);
  });

  it('a second logout of a session already ended still succeeds (a retried request)', async () => {
    const user = await registerUser();
    expect((await logout({ refresh_token: user.refreshToken })).status).toBe(200);
    expect((await logout({ refresh_token: user.refreshToken })).status).toBe(200);
  });

  it('refuses all_devices with only an expired or tampered bearer, and signs nobody out', async () => {
    const user = await registerUser();
    for (const token of [await expiredToken(user.id), tampered(user.token)]) {
      const res = await logout({ all_devices: true }, token);
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    }
    expect((await profileWith(user.token)).status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(200);
  });

  it('with only a bearer and not all devices, asks for the refresh token and revokes nothing', async () => {
    const user = await registerUser();
    for (const body of [{ all_devices: false }, {}, { refresh_token: '' }]) {
      const res = await logout(body, user.token);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: 'Refresh token is required',
        errors: { refresh_token: ['Refresh token is required'] },
      });
    }
    expect((await profileWith(user.token)).status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(200);
  });
});

/** What `npm run admin -- deactivate <email>` runs (scripts/admin.ts): pending again, signed out everywhere. */
async function deactivate(userId: string) {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare('UPDATE refresh_tokens SET revoked_at = ?1 WHERE user_id = ?2 AND revoked_at IS NULL').bind(
      now,
      userId,
    ),
    env.DB.prepare("UPDATE users SET status = 'pending', tokens_valid_after = ?1, updated_at = ?2 WHERE id = ?3").bind(
      now + 1,
      now,
      userId,
    ),
  ]);
}

/** Only the account's status changed, its tokens left alone: the status alone must refuse them. */
const markPending = (userId: string) =>
  env.DB.prepare("UPDATE users SET status = 'pending' WHERE id = ?").bind(userId).run();

const PENDING = 'Your account is pending activation. Please contact support to activate your account.';

describe('a deactivated account', { timeout: 30_000 }, () => {
  it('cannot refresh, whether deactivated by the admin command or only marked pending', async () => {
    const byAdmin = await registerUser();
    expect((await profileWith(byAdmin.token)).status).toBe(200);
    await deactivate(byAdmin.id);
    const refused = await refresh(byAdmin.refreshToken);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ success: false, message: 'Invalid or expired refresh token' });

    const marked = await registerUser();
    await markPending(marked.id);
    const alsoRefused = await refresh(marked.refreshToken);
    expect(alsoRefused.status).toBe(401);
    expect(alsoRefused.body.token).toBeUndefined();
  });

  it('cannot read the profile with an access token that has not expired, and is told why', async () => {
    for (const change of [deactivate, markPending]) {
      const user = await registerUser();
      await change(user.id);
      const res = await profileWith(user.token);
      // 401, so the client signs out (docs/product.md §4); the message is the one sign-in gives.
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: PENDING });
      expect((await login(user.email, user.password)).body.message).toBe(PENDING);
    }
  });
});
