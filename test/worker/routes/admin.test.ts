import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_WITH_SECOND_FACTOR, TURN_ON_SECOND_FACTOR } from '../../../worker/services/operator-access';
import { api, registerUser } from '../helpers';
import { grantAdmin, read, signedInAdmin } from '../admin-helpers';
import { enableTotp } from '../security-helpers';

type User = Awaited<ReturnType<typeof registerUser>>;
const auditCount = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM audit_log').first<{ n: number }>())?.n ?? 0;

const ROUTES = (id: string): [string, string, unknown?][] => [
  ['GET', '/v1/admin/accounts'],
  ['GET', '/v1/admin/accounts?q=a&state=pending&page=2'],
  ['GET', '/v1/admin/reports?state=dismissed'],
  ['GET', '/v1/admin/flagged-links'],
  ['GET', '/v1/admin/audit?page=2'],
  ['POST', `/v1/admin/accounts/${id}/activate`, {}],
  ['POST', `/v1/admin/accounts/${id}/deactivate`, { reason: 'Spam links' }],
  ['POST', `/v1/admin/accounts/${id}/reject`, { reason: 'Spam links' }],
  ['POST', `/v1/admin/accounts/${id}/restore`, {}],
  ['POST', `/v1/admin/accounts/${id}/takedown`, { reason: 'Phishing page' }],
  ['POST', `/v1/admin/accounts/${id}/reset-2fa`, { reason: 'Lost phone' }],
  ['POST', '/v1/admin/reports/1/dismiss', { reason: 'Not abuse' }],
  ['GET', '/v1/admin/no-such-route'],
];
const call = (user: Pick<User, 'token'> | null, [method, path, json]: [string, string, unknown?]) =>
  api(path, { method, token: user?.token, json });

/** Accounts written straight into D1 (no password hash to compute), sharing an e-mail prefix. */
async function seedAccounts(prefix: string, count: number) {
  const statements = Array.from({ length: count }, (_, i) => {
    const id = crypto.randomUUID();
    const name = `${prefix}${String(i).padStart(3, '0')}`;
    return [
      env.DB.prepare(
        "INSERT INTO users (id, email, password_hash, created_at, activated_at) VALUES (?, ?, 'unused', ?, ?)",
      ).bind(id, `${name}@example.com`, 1_700_000_000_000 + i, 1_700_000_000_000 + i),
      env.DB.prepare(
        'INSERT INTO profiles (user_id, username, name, theme_id, template_id) VALUES (?, ?, ?, 1, 1)',
      ).bind(id, name, 'Seeded'),
    ];
  });
  await env.DB.batch(statements.flat());
}

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
    await grantAdmin(admin.id);
    const none = await api('/v1/admin/accounts', { token: admin.token });
    expect(none.status).toBe(403);
    expect(none.body.message).toBe(TURN_ON_SECOND_FACTOR);
    await enableTotp(admin);
    const stale = await api('/v1/admin/accounts', { token: admin.token });
    expect(stale.status).toBe(403);
    expect(stale.body.message).toBe(SIGN_IN_WITH_SECOND_FACTOR);
  });

  it('lists an account with its sign-up date, state, two-factor state, and marks the operator’s own row', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const list = await read(admin, `/accounts?q=${encodeURIComponent(owner.email)}`);
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 1, page: 1, page_size: 100 });
    expect(list.body.data.accounts).toEqual([
      expect.objectContaining({
        id: owner.id,
        state: 'active',
        is_self: false,
        username: owner.username,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        activated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        two_factor: { app: false, passkeys: 0 },
      }),
    ]);
    const self = await read(admin, `/accounts?q=${encodeURIComponent(admin.email)}`);
    expect(self.body.data.accounts[0]).toMatchObject({ is_self: true, is_admin: true, two_factor: { app: true } });
  });

  it('pages through more than 100 accounts, saying how many there are', async () => {
    const admin = await signedInAdmin();
    const prefix = `paged_${Date.now().toString(36)}_`;
    await seedAccounts(prefix, 105);
    const first = await read(admin, `/accounts?q=${prefix}`);
    expect(first.body.data).toMatchObject({ total: 105, page: 1, page_size: 100 });
    expect(first.body.data.accounts).toHaveLength(100);
    // Newest first: the last seeded comes first.
    expect(first.body.data.accounts[0].username).toBe(`${prefix}104`);
    const second = await read(admin, `/accounts?q=${prefix}&page=2`);
    expect(second.body.data).toMatchObject({ total: 105, page: 2 });
    const names = (page: typeof first) => page.body.data.accounts.map((a: { username: string }) => a.username);
    expect(names(second)).toEqual([`${prefix}004`, `${prefix}003`, `${prefix}002`, `${prefix}001`, `${prefix}000`]);
    expect(new Set([...names(first), ...names(second)]).size).toBe(105);
    expect((await read(admin, `/accounts?q=${prefix}&page=3`)).body.data.accounts).toEqual([]);
  });

  it('pages the audit log 200 entries at a time, newest first', async () => {
    const admin = await signedInAdmin();
    const label = `audit_${Date.now().toString(36)}`;
    await env.DB.batch(
      Array.from({ length: 205 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO audit_log (actor_id, actor_email, action, target_label, reason, created_at) VALUES (?, ?, 'restore', ?, '', ?)",
        ).bind(admin.id, admin.email, `${label}_${i}`, Date.now()),
      ),
    );
    const first = await read(admin, '/audit');
    expect(first.body.data.page_size).toBe(200);
    expect(first.body.data.total).toBeGreaterThanOrEqual(205);
    expect(first.body.data.entries).toHaveLength(200);
    const ids = first.body.data.entries.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const second = await read(admin, '/audit?page=2');
    const secondIds = second.body.data.entries.map((e: { id: number }) => e.id);
    expect(secondIds.length).toBeGreaterThan(0);
    expect(Math.max(...secondIds)).toBeLessThan(Math.min(...ids));
    expect(first.body.data.entries[0]).toMatchObject({
      actor_kind: 'operator',
      actor: admin.email,
      actor_name: 'Test User',
    });
  });

  it('refuses a page or a state that does not exist with a field message', async () => {
    const admin = await signedInAdmin();
    for (const [path, field] of [
      ['/accounts?page=0', 'page'],
      ['/accounts?page=abc', 'page'],
      ['/accounts?state=gone', 'state'],
      ['/reports?state=lost', 'state'],
      ['/audit?page=-1', 'page'],
    ] as const) {
      const res = await read(admin, path);
      expect(res.status, path).toBe(422);
      expect(Object.keys(res.body.errors), path).toEqual([field]);
    }
  });
});
