import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { joinAs, newOrg, orgRows, type Account } from './org-helpers';

// Organisations and roles (docs/product.md §2, Organisations): two organisations and an outsider.

let a: Awaited<ReturnType<typeof newOrg>>;
let b: Awaited<ReturnType<typeof newOrg>>;
let adminA: Account;
let memberA: Account;
let outsider: Account;

beforeAll(async () => {
  [a, b, adminA, memberA, outsider] = await Promise.all([
    newOrg(),
    newOrg(),
    registerUser(),
    registerUser(),
    registerUser(),
  ]);
  await joinAs(a.id, a.owner, adminA);
  await joinAs(a.id, a.owner, memberA);
  const made = await api(`/v1/orgs/${a.id}/members/${adminA.id}`, {
    method: 'PUT',
    token: a.owner.token,
    json: { role: 'admin' },
  });
  expect(made.status).toBe(200);
}, 60_000);

describe('organisations', { timeout: 30_000 }, () => {
  it('creates one with its creator as owner, and lists it with the role', async () => {
    const res = await api(`/v1/orgs/${a.id}`, { token: a.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Acme Ltd', slug: a.slug, role: 'owner', seats: 25, seats_used: 2 });
    const mine = await api('/v1/orgs', { token: memberA.token });
    expect(mine.body.data.map((org: { id: string; role: string }) => [org.id, org.role])).toEqual([[a.id, 'member']]);
  });

  it('refuses a bad or taken slug with its message, storing nothing', async () => {
    const count = async () =>
      (await env.DB.prepare('SELECT count(*) AS n FROM organisations').first<{ n: number }>())!.n;
    const before = await count();
    const bad = await api('/v1/orgs', {
      method: 'POST',
      token: outsider.token,
      json: { name: 'X', slug: '-Bad slug' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.slug[0]).toMatch(/^The short name must be 3 to 40 lowercase letters/);
    const noName = await api('/v1/orgs', {
      method: 'POST',
      token: outsider.token,
      json: { name: '  ', slug: 'fine-slug' },
    });
    expect(noName.body.errors.name).toEqual(['Enter the organisation’s name (at most 100 characters)']);
    const taken = await api('/v1/orgs', {
      method: 'POST',
      token: outsider.token,
      json: { name: 'Copy', slug: b.slug },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ slug: ['This short name is taken'] });
    expect(await count()).toBe(before);
    expect((await api('/v1/orgs', { method: 'POST', json: { name: 'X', slug: 'anon-org' } })).status).toBe(401);
  });

  it('an outsider, and the other organisation, read and change nothing of it', async () => {
    const before = await orgRows(a.id);
    for (const who of [outsider, b.owner]) {
      const reads = ['', '/members', '/cards', '/invitations', '/audit'];
      for (const path of reads) {
        const res = await api(`/v1/orgs/${a.id}${path}`, { token: who.token });
        expect(res.status, path).toBe(404);
        expect(res.body.message).toBe('Organisation not found');
      }
      const writes: [string, string, unknown][] = [
        ['PUT', '', { name: 'Taken over' }],
        ['DELETE', `/members/${memberA.id}`, undefined],
        ['PUT', `/members/${memberA.id}`, { role: 'admin' }],
        ['POST', '/invitations', { emails: ['someone@example.com'] }],
        ['POST', '/invite-link', undefined],
        ['POST', '/owner', { user_id: who.id }],
      ];
      for (const [method, path, json] of writes) {
        const res = await api(`/v1/orgs/${a.id}${path}`, { method, token: who.token, json });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    expect(await orgRows(a.id)).toEqual(before);
  });

  it('a member cannot manage members, invite or read the audit log', async () => {
    const before = await orgRows(a.id);
    for (const [method, path, json] of [
      ['GET', '/members', undefined],
      ['DELETE', `/members/${adminA.id}`, undefined],
      ['PUT', `/members/${memberA.id}`, { role: 'admin' }],
      ['POST', '/invitations', { emails: ['x@example.com'] }],
      ['GET', '/audit', undefined],
      ['PUT', '', { seats: 500 }],
    ] as const) {
      const res = await api(`/v1/orgs/${a.id}${path}`, { method, token: memberA.token, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe('Only the owner and admins of the organisation can do this');
    }
    expect(await orgRows(a.id)).toEqual(before);
  });

  it('an admin cannot remove the owner, nor change the owner’s role', async () => {
    const before = await orgRows(a.id);
    const res = await api(`/v1/orgs/${a.id}/members/${a.owner.id}`, { method: 'DELETE', token: adminA.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('The owner cannot be removed: hand the organisation to another member first');
    const role = await api(`/v1/orgs/${a.id}/members/${a.owner.id}`, {
      method: 'PUT',
      token: adminA.token,
      json: { role: 'member' },
    });
    expect(role.status).toBe(403);
    const transfer = await api(`/v1/orgs/${a.id}/owner`, {
      method: 'POST',
      token: adminA.token,
      json: { user_id: adminA.id },
    });
    expect(transfer.status).toBe(403);
    expect(transfer.body.message).toBe('Only the owner of the organisation can do this');
    expect(await orgRows(a.id)).toEqual(before);
  });

  it('the owner hands the organisation on: one owner, the one before an admin', async () => {
    const org = await newOrg();
    const heir = await registerUser();
    await joinAs(org.id, org.owner, heir);
    const bad = await api(`/v1/orgs/${org.id}/owner`, {
      method: 'POST',
      token: org.owner.token,
      json: { user_id: outsider.id },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ user_id: ['This account is not a member of the organisation'] });
    const res = await api(`/v1/orgs/${org.id}/owner`, {
      method: 'POST',
      token: org.owner.token,
      json: { user_id: heir.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('admin');
    const roles = await env.DB.prepare('SELECT user_id, role FROM org_members WHERE org_id = ? ORDER BY role')
      .bind(org.id)
      .all();
    expect(roles.results).toEqual([
      { user_id: org.owner.id, role: 'admin' },
      { user_id: heir.id, role: 'owner' },
    ]);
  });

  it('an account belongs to several organisations; its work cards are apart from its personal ones', async () => {
    const both = await registerUser();
    await joinAs(a.id, a.owner, both);
    await joinAs(b.id, b.owner, both);
    const orgs = await api('/v1/orgs', { token: both.token });
    expect(orgs.body.data.map((org: { id: string }) => org.id).sort()).toEqual([a.id, b.id].sort());
    const rows = await env.DB.prepare('SELECT org_id, is_primary FROM cards WHERE user_id = ? ORDER BY created_at')
      .bind(both.id)
      .all();
    expect(rows.results).toHaveLength(3);
    expect(rows.results[0]).toEqual({ org_id: null, is_primary: 1 });
    const work = (await env.DB.prepare('SELECT id, username FROM cards WHERE user_id = ? AND org_id = ?')
      .bind(both.id, a.id)
      .first<{ id: string; username: string }>())!;
    // A work card is the organisation's: its member can neither make it primary nor delete it.
    const primary = await api(`/v1/cards/${work.id}/primary`, { method: 'POST', token: both.token });
    expect(primary.status).toBe(409);
    const gone = await api(`/v1/cards/${work.id}`, {
      method: 'DELETE',
      token: both.token,
      json: { username: work.username },
    });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe('This is a work card: it stays with its organisation');
  });

  it('the audit log records each action, for the owner and admins', async () => {
    const res = await api(`/v1/orgs/${a.id}/audit`, { token: adminA.token });
    expect(res.status).toBe(200);
    const actions = res.body.data.map((entry: { action: string }) => entry.action);
    for (const action of ['org.created', 'member.invited', 'member.joined', 'member.role_changed'])
      expect(actions).toContain(action);
    const role = res.body.data.find((entry: { action: string }) => entry.action === 'member.role_changed');
    expect(role).toMatchObject({ actor_id: a.owner.id, subject: adminA.id, detail: { from: 'member', to: 'admin' } });
  });
});
