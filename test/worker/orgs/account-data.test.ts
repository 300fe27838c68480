import { env, SELF } from 'cloudflare:test';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { api, registerUser, toRequest } from '../helpers';
import { joinAs, newOrg } from './org-helpers';

// An account's export and deletion say and do what becomes of its work cards: they stay with
// the organisation (docs/decisions/0104-organisations.md).

const deleteAccount = (user: { token: string; password: string }) =>
  api('/v1/user', { method: 'DELETE', token: user.token, json: { current_password: user.password } });

const rowOf = (cardId: string) =>
  env.DB.prepare(
    'SELECT c.user_id = o.holder_id AS with_org, c.paused_at IS NOT NULL AS paused, c.username FROM cards c JOIN organisations o ON o.id = c.org_id WHERE c.id = ?',
  )
    .bind(cardId)
    .first<{ with_org: number; paused: number; username: string }>();

describe('work cards in the account export and deletion', { timeout: 60_000 }, () => {
  it('the export lists the organisations and work cards, and says they stay with the organisation', async () => {
    const org = await newOrg();
    const member = await registerUser();
    const card = await joinAs(org.id, org.owner, member);
    const res = await SELF.fetch(toRequest('/v1/user/export', { token: member.token }));
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const listed = JSON.parse(strFromU8(files['organisations.json']!));
    expect(listed.organisations).toEqual([
      { name: 'Acme Ltd', slug: org.slug, role: 'member', work_cards: [card.username] },
    ]);
    expect(listed.note).toMatch(/each work card stays with the organisation: it is paused/);
    // The owner's export holds nothing of the member's card.
    const theirs = await SELF.fetch(toRequest('/v1/user/export', { token: org.owner.token }));
    const ownerFiles = unzipSync(new Uint8Array(await theirs.arrayBuffer()));
    expect(JSON.parse(strFromU8(ownerFiles['organisations.json']!)).organisations[0].work_cards).toEqual([]);
  });

  it('deleting a member’s account leaves the work card with the organisation, paused, its links kept', async () => {
    const org = await newOrg();
    const member = await registerUser();
    const card = await joinAs(org.id, org.owner, member);
    await api(`/v1/cards/${card.id}/links`, {
      method: 'POST',
      token: member.token,
      json: { title: 'Team', url: 'https://acme.example' },
    });
    expect((await deleteAccount(member)).status).toBe(200);
    // The deletion finishes after the answer; wait for the account's row to go.
    for (let i = 0; i < 50; i++) {
      const left = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE id = ?')
        .bind(member.id)
        .first<{ n: number }>();
      if (left!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await env.DB.prepare('SELECT count(*) AS n FROM users WHERE id = ?').bind(member.id).first()).toEqual({
      n: 0,
    });
    expect(await rowOf(card.id)).toEqual({ with_org: 1, paused: 1, username: card.username });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM links WHERE card_id = ?').bind(card.id).first()).toEqual({
      n: 1,
    });
    expect((await api(`/p/${card.username}`)).status).toBe(410);
    const cards = await api(`/v1/orgs/${org.id}/cards`, { token: org.owner.token });
    expect(cards.body.data).toEqual([expect.objectContaining({ id: card.id, state: 'paused' })]);
  });

  it('an owner’s deletion hands the organisation to its admin; its cards stay', async () => {
    const org = await newOrg();
    const [admin, member] = [await registerUser(), await registerUser()];
    await joinAs(org.id, org.owner, admin);
    const card = await joinAs(org.id, org.owner, member);
    await api(`/v1/orgs/${org.id}/members/${admin.id}`, {
      method: 'PUT',
      token: org.owner.token,
      json: { role: 'admin' },
    });
    expect((await deleteAccount(org.owner)).status).toBe(200);
    for (let i = 0; i < 50; i++) {
      const left = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE id = ?')
        .bind(org.owner.id)
        .first<{ n: number }>();
      if (left!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const now = await api(`/v1/orgs/${org.id}`, { token: admin.token });
    expect(now.body.data.role).toBe('owner');
    expect((await api(`/p/${card.username}`)).status).toBe(200);
  });
});
