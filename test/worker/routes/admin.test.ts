import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_WITH_SECOND_FACTOR, TURN_ON_SECOND_FACTOR } from '../../../worker/services/operator-access';
import { api, registerUser } from '../helpers';
import { login, post } from '../auth-helpers';
import { enableTotp, nextCode } from '../security-helpers';

type User = Awaited<ReturnType<typeof registerUser>>;
const grant = (id: string) => env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(id).run();
const auditCount = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM audit_log').first<{ n: number }>())?.n ?? 0;

/** An operator signed in with the authenticator app: the only kind the console answers. */
async function signedInAdmin() {
  const user = await registerUser();
  await grant(user.id);
  const { secret } = await enableTotp(user);
  const first = await login(user.email, user.password);
  const done = await post('/v1/auth/login/second-factor', {
    mfa_token: first.body.mfa_token,
    code: await nextCode(secret),
  });
  if (done.status !== 200) throw new Error(`second factor: ${done.status} ${JSON.stringify(done.body)}`);
  return { ...user, token: done.body.token as string };
}

const ROUTES = (id: string): [string, string, unknown?][] => [
  ['GET', '/v1/admin/accounts'],
  ['GET', '/v1/admin/accounts?q=a&status=pending'],
  ['GET', '/v1/admin/reports'],
  ['GET', '/v1/admin/flagged-links'],
  ['GET', '/v1/admin/audit'],
  ['POST', `/v1/admin/accounts/${id}/activate`, {}],
  ['POST', `/v1/admin/accounts/${id}/deactivate`, {}],
  ['POST', `/v1/admin/accounts/${id}/reject`, {}],
  ['POST', `/v1/admin/accounts/${id}/restore`, {}],
  ['POST', `/v1/admin/accounts/${id}/takedown`, { reason: 'Phishing page' }],
  ['POST', '/v1/admin/reports/1/dismiss', {}],
  ['GET', '/v1/admin/no-such-route'],
];
const call = (user: Pick<User, 'token'> | null, [method, path, json]: [string, string, unknown?]) =>
  api(path, { method, token: user?.token, json });

describe('/v1/admin', { timeout: 60_000 }, () => {
  it('answers 404, not 403, to anyone who is not an admin, and changes nothing', async () => {
    const victim = await registerUser();
    const someone = await registerUser();
    const before = await auditCount();
    for (const route of ROUTES(victim.id)) {
      for (const who of [null, someone]) {
        const res = await call(who, route);
        expect(res.status, `${route[0]} ${route[1]}`).toBe(404);
        expect(res.body).toEqual({ success: false, message: 'Not found' });
      }
    }
    expect(await auditCount()).toBe(before);
    expect((await api(`/p/${victim.username}`)).status).toBe(200);
  });

  it('tells an admin without a second factor to turn it on, and one signed in without it to sign in again', async () => {
    const admin = await registerUser();
    await grant(admin.id);
    const none = await api('/v1/admin/accounts', { token: admin.token });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe(TURN_ON_SECOND_FACTOR);
    await enableTotp(admin);
    const stale = await api('/v1/admin/accounts', { token: admin.token });
    expect(stale.status).toBe(403);
    expect(stale.body.message).toBe(SIGN_IN_WITH_SECOND_FACTOR);
  });

  it('lists and searches accounts; each action writes exactly one audit row', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const list = await api(`/v1/admin/accounts?q=${encodeURIComponent(owner.email)}`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: { id: string }) => a.id)).toEqual([owner.id]);

    const before = await auditCount();
    const down = await api(`/v1/admin/accounts/${owner.id}/takedown`, {
      method: 'POST',
      token: admin.token,
      json: { reason: 'Impersonates a bank' },
    });
    expect(down.status).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    const row = await env.DB.prepare('SELECT * FROM audit_log ORDER BY id DESC LIMIT 1').first<
      Record<string, unknown>
    >();
    expect(row).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      action: 'takedown',
      target_id: owner.id,
      target_label: owner.username,
      reason: 'Impersonates a bank',
    });
    // The card is gone for visitors; its owner sees why.
    expect((await api(`/p/${owner.username}`)).status).toBe(404);
    const mine = await api('/v1/user/profile', { token: owner.token });
    expect(mine.body.data.takedown).toMatchObject({ reason: 'Impersonates a bank' });
    const audit = await api('/v1/admin/audit', { token: admin.token });
    expect(audit.body.data[0]).toMatchObject({ actor: admin.email, action: 'takedown', target: owner.username });

    expect(
      (await api(`/v1/admin/accounts/${owner.id}/restore`, { method: 'POST', token: admin.token, json: {} })).status,
    ).toBe(200);
    expect(await auditCount()).toBe(before + 2);
    expect((await api(`/p/${owner.username}`)).status).toBe(200);
  });

  it('refuses a takedown without a reason, and an unknown account, changing nothing', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const before = await auditCount();
    const bare = await api(`/v1/admin/accounts/${owner.id}/takedown`, { method: 'POST', token: admin.token, json: {} });
    expect(bare.status).toBe(422);
    expect(bare.body.errors.reason).toEqual(['Say why the card is taken down; its owner will see it']);
    const missing = await api(`/v1/admin/accounts/${crypto.randomUUID()}/activate`, {
      method: 'POST',
      token: admin.token,
      json: {},
    });
    expect(missing.status).toBe(404);
    expect(await auditCount()).toBe(before);
    expect((await api(`/p/${owner.username}`)).status).toBe(200);
  });

  it('activates a pending account and rejects another (which is deleted)', async () => {
    const admin = await signedInAdmin();
    const waiting = await registerUser();
    const spam = await registerUser();
    await env.DB.prepare("UPDATE users SET status = 'pending' WHERE id IN (?, ?)").bind(waiting.id, spam.id).run();
    const pending = await api('/v1/admin/accounts?status=pending', { token: admin.token });
    expect(pending.body.data.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([waiting.id, spam.id]));
    const go = (id: string, what: string) =>
      api(`/v1/admin/accounts/${id}/${what}`, { method: 'POST', token: admin.token, json: {} });
    expect((await go(waiting.id, 'activate')).status).toBe(200);
    expect((await login(waiting.email, waiting.password)).status).toBe(200);
    expect((await go(spam.id, 'reject')).status).toBe(200);
    expect(await env.DB.prepare('SELECT id FROM users WHERE id = ?').bind(spam.id).first()).toBeNull();
    // An active account cannot be rejected (deactivate it instead).
    expect((await go(waiting.id, 'reject')).status).toBe(422);
    expect((await go(waiting.id, 'deactivate')).status).toBe(200);
    expect((await api('/v1/user/profile', { token: waiting.token })).status).toBe(401);
  });
});
