import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../helpers';
import { login, post, profileWith } from '../auth-helpers';

// "Log out of all devices" signs an account out everywhere, so it needs proof of who asks: a
// refresh token that could still refresh, or a valid bearer. A spent one proves nothing.
const refresh = (refresh_token: unknown) => post('/v1/auth/refresh', { refresh_token });
const logout = (json: unknown, token?: string) => post('/v1/auth/logout', json, token);

async function signIn(user: { email: string; password: string }) {
  const res = await login(user.email, user.password);
  expect(res.status).toBe(200);
  return { token: res.body.token as string, refreshToken: res.body.refresh_token as string };
}

describe('POST /v1/auth/logout with all_devices and a spent refresh token', { timeout: 30_000 }, () => {
  it('refuses a refresh token already used, and signs nobody out', async () => {
    const user = await registerUser();
    const session = await signIn(user);
    const rotated = await refresh(session.refreshToken);
    expect(rotated.status).toBe(200);
    // The old token was used: it is no proof of who is asking any more.
    const res = await logout({ refresh_token: session.refreshToken, all_devices: true });
    expect(res.status).toBe(401);
    expect((await profileWith(rotated.body.token)).status).toBe(200);
    expect((await refresh(rotated.body.refresh_token)).status).toBe(200);
  });

  it('refuses an expired refresh token, and signs nobody out', async () => {
    const user = await registerUser();
    const old = await signIn(user);
    const other = await signIn(user);
    await env.DB.prepare('UPDATE refresh_tokens SET expires_at = ?1 WHERE user_id = ?2 AND used_at IS NULL')
      .bind(Date.now() - 1000, user.id)
      .run();
    expect((await logout({ refresh_token: old.refreshToken, all_devices: true })).status).toBe(401);
    expect((await profileWith(other.token)).status).toBe(200);
  });

  it('still works with a live refresh token, or with a spent one beside a valid bearer', async () => {
    const user = await registerUser();
    const a = await signIn(user);
    await refresh(a.refreshToken);
    const b = await signIn(user);
    const res = await logout({ refresh_token: a.refreshToken, all_devices: true }, b.token);
    expect(res.status).toBe(200);
    expect((await profileWith(b.token)).status).toBe(401);
  });
});

describe('an access token issued before its account revoked its tokens', { timeout: 30_000 }, () => {
  it('is refused to the millisecond, though its session is still open', async () => {
    const user = await registerUser();
    const { token } = await signIn(user);
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { auth_ms: issuedMs } = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '='))) as {
      auth_ms: number;
    };
    // What signing out everywhere, a password reset or deletion write: tokens before this moment are void.
    const revokeBefore = (ms: number) =>
      env.DB.prepare('UPDATE users SET tokens_valid_after = ?1 WHERE id = ?2').bind(ms, user.id).run();
    await revokeBefore(issuedMs);
    expect((await profileWith(token)).status).toBe(200);
    await revokeBefore(issuedMs + 1);
    expect((await profileWith(token)).status).toBe(401);
  });
});
