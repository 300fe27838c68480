import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/middleware/db';
import { PASSKEY_REGISTRATIONS_PER_ACCOUNT } from '@shared/constants';
import { pruneChallenges } from '../../../worker/services/second-factor';
import { api, clientHeaders, clientIp, ORIGIN, registerUser } from '../helpers';
import { login, post, profileWith } from '../auth-helpers';
import { addPasskey, enableTotp, passkeyCall } from '../security-helpers';
import { createAuthenticator } from '../software-authenticator';

async function signInWithPasskey(authenticator: Awaited<ReturnType<typeof createAuthenticator>>) {
  const options = await post('/v1/auth/passkey/options', {});
  expect(options.status).toBe(200);
  return post('/v1/auth/passkey/verify', { response: await authenticator.signIn(options.body.data) });
}

describe('passkeys', { timeout: 30_000 }, () => {
  it('adds one after re-authentication and signs in with it, in place of password and second factor', async () => {
    const user = await registerUser();
    await enableTotp(user);
    const { authenticator, passkey } = await addPasskey(user);
    expect(passkey).toMatchObject({ id: authenticator.id, name: 'Work laptop' });

    const res = await signInWithPasskey(authenticator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, token: expect.any(String), refresh_token: expect.any(String) });
    expect(res.body.user.id).toBe(user.id);
    expect((await profileWith(res.body.token)).status).toBe(200);
    const listed = await passkeyCall(res.body.token, 'GET', '');
    expect(listed.body.data[0].last_used_at).toEqual(expect.any(String));
  });

  it('registers several, and needs the password or a code to add or remove one', async () => {
    const user = await registerUser();
    await addPasskey(user, 'Phone');
    const { passkey } = await addPasskey(user, 'Laptop');
    expect((await passkeyCall(user.token, 'GET', '')).body.data).toHaveLength(2);
    expect((await passkeyCall(user.token, 'POST', '/options', {})).status).toBe(422);
    const noProof = await passkeyCall(user.token, 'DELETE', `/${passkey.id}`, {});
    expect(noProof.status).toBe(422);
    const removed = await passkeyCall(user.token, 'DELETE', `/${passkey.id}`, { current_password: user.password });
    expect(removed.status).toBe(200);
    expect((await passkeyCall(user.token, 'GET', '')).body.data).toHaveLength(1);
  });

  it('a removed passkey signs nobody in; a forged or replayed answer neither', async () => {
    const user = await registerUser();
    const { authenticator, passkey } = await addPasskey(user);
    // Another site's page asking for our challenge.
    const options = await post('/v1/auth/passkey/options', {});
    const phished = await authenticator.signIn(options.body.data, { origin: 'https://evil.test' });
    expect((await post('/v1/auth/passkey/verify', { response: phished })).status).toBe(401);
    // A replay of a good answer: its challenge is used up.
    const again = await post('/v1/auth/passkey/options', {});
    const good = await authenticator.signIn(again.body.data);
    expect((await post('/v1/auth/passkey/verify', { response: good })).status).toBe(200);
    const replay = await post('/v1/auth/passkey/verify', { response: good });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Sign-in with this passkey failed. Please try again or use your password.');

    await passkeyCall(user.token, 'DELETE', `/${passkey.id}`, { current_password: user.password });
    expect((await signInWithPasskey(authenticator)).status).toBe(401);
  });

  it('answers a missing or malformed passkey answer in plain words, adding and signing in nobody', async () => {
    const user = await registerUser();
    const message = "The passkey's answer is missing or malformed.";
    for (const response of [
      undefined,
      null,
      'abc',
      5,
      [],
      {},
      { id: '', rawId: 'x', type: 'public-key' },
      { id: 'x', rawId: 'x', type: 'password' },
    ]) {
      const signIn = await post('/v1/auth/passkey/verify', { response });
      expect(signIn.status, JSON.stringify(response)).toBe(422);
      expect(signIn.body).toMatchObject({ success: false, message });
      expect(Object.values(signIn.body.errors).flat()).toEqual(expect.arrayContaining([message]));
      expect(signIn.body.token).toBeUndefined();
      const add = await passkeyCall(user.token, 'POST', '', { name: 'Mine', response });
      expect(add.status, JSON.stringify(response)).toBe(422);
      expect(add.body.message).toBe(message);
    }
    expect((await passkeyCall(user.token, 'GET', '')).body.data).toEqual([]);
  });

  it('refuses an answer without user verification, and a challenge of another account', async () => {
    const user = await registerUser();
    const other = await registerUser();
    const authenticator = await createAuthenticator(ORIGIN);
    const options = await passkeyCall(user.token, 'POST', '/options', { current_password: user.password });
    const unverified = await authenticator.register(options.body.data, { verified: false });
    expect((await passkeyCall(user.token, 'POST', '', { response: unverified })).status).toBe(422);
    const fresh = await passkeyCall(user.token, 'POST', '/options', { current_password: user.password });
    const response = await authenticator.register(fresh.body.data);
    const stolen = await passkeyCall(other.token, 'POST', '', { response });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors).toEqual({ response: ['This passkey could not be verified. Please try again.'] });
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM passkeys WHERE user_id IN (?1, ?2)')
      .bind(user.id, other.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("cannot list or remove another account's passkey; anonymous calls are refused", async () => {
    const owner = await registerUser();
    const { passkey } = await addPasskey(owner);
    const stranger = await registerUser();
    expect((await passkeyCall(stranger.token, 'GET', '')).body.data).toEqual([]);
    const res = await passkeyCall(stranger.token, 'DELETE', `/${passkey.id}`, { current_password: stranger.password });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Passkey not found');
    // An id longer than any passkey's names none: the same 404, not a validator's wording.
    const long = await passkeyCall(owner.token, 'DELETE', `/${'x'.repeat(1025)}`, { current_password: owner.password });
    expect(long.status).toBe(404);
    expect(long.body).toEqual({ success: false, message: 'Passkey not found' });
    expect((await api('/v1/user/security/passkeys')).status).toBe(401);
    expect((await passkeyCall(owner.token, 'GET', '')).body.data).toHaveLength(1);
  });

  it('bounds the ceremonies one client starts (30 per 15 minutes); expired challenges are pruned', async () => {
    const ip = clientIp();
    const start = () => api('/v1/auth/passkey/options', { method: 'POST', json: {}, headers: clientHeaders(ip) });
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await start()).status);
    expect(statuses).toEqual([...Array(30).fill(200), 429]);
    expect((await start()).body.message).toBe('Too many passkey sign-ins started. Please try again in 15 minutes.');
    expect((await post('/v1/auth/passkey/options', {})).status).toBe(200);
    // The cron drops every challenge past its five minutes.
    const { challenge } = (await post('/v1/auth/passkey/options', {})).body.data as { challenge: string };
    await env.DB.prepare('UPDATE auth_challenges SET expires_at = ?1 WHERE id = ?2')
      .bind(Date.now() - 1, challenge)
      .run();
    await pruneChallenges(createDb(env.DB));
    const left = await env.DB.prepare('SELECT count(*) AS n FROM auth_challenges WHERE id = ?1')
      .bind(challenge)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it('bounds the registrations one account starts (30 per 15 minutes), storing no challenge past it', async () => {
    const [user, other] = await Promise.all([registerUser(), registerUser()]);
    const challenges = async (userId: string) =>
      (
        await env.DB.prepare(
          "SELECT count(*) AS n FROM auth_challenges WHERE user_id = ?1 AND kind = 'passkey_register'",
        )
          .bind(userId)
          .first<{ n: number }>()
      )?.n;
    const start = (who: { token: string; password: string }) =>
      passkeyCall(who.token, 'POST', '/options', { current_password: who.password });
    const answers = [];
    for (let i = 0; i < PASSKEY_REGISTRATIONS_PER_ACCOUNT + 1; i++) answers.push(await start(user));
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array(PASSKEY_REGISTRATIONS_PER_ACCOUNT).fill(200),
      429,
    ]);
    expect(await challenges(user.id)).toBe(PASSKEY_REGISTRATIONS_PER_ACCOUNT);
    const refused = await start(user);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: 'Too many passkey registrations started. Please try again in 15 minutes.',
    });
    expect(await challenges(user.id)).toBe(PASSKEY_REGISTRATIONS_PER_ACCOUNT);
    // A registration started before the bound still finishes, and another account is not held back.
    const authenticator = await createAuthenticator(ORIGIN);
    const response = await authenticator.register(answers[0]!.body.data);
    expect((await passkeyCall(user.token, 'POST', '', { name: 'Phone', response })).status).toBe(201);
    expect((await start(other)).status).toBe(200);
  });

  it('a pending account is told so after a good passkey, with no tokens', async () => {
    const user = await registerUser();
    const { authenticator } = await addPasskey(user);
    await env.DB.prepare("UPDATE users SET status = 'pending' WHERE id = ?").bind(user.id).run();
    const res = await signInWithPasskey(authenticator);
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('token');
    expect((await login(user.email, user.password)).status).toBe(403);
  });
});
