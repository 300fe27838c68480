import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { flushAll, view, visitor } from '../services/events-helpers';
import { joinAs, memberUnderTemplate, newOrg, orgRows } from './org-helpers';

// Leaving (docs/product.md §2, Organisations): the work card is paused at once and stays the
// organisation's; an admin reassigns it (same username, link ids and counts) or deletes it.

const totals = async (token: string, cardId: string) => {
  const res = await api('/v1/cards?counts=true', { token });
  return res.body.data.cards.find((card: { id: string }) => card.id === cardId) as
    { views: number; clicks: number } | undefined;
};

describe('leaving', { timeout: 60_000 }, () => {
  it('removing a member pauses the card at once: the moved-on page, the account and personal card kept', async () => {
    const org = await newOrg();
    await api(`/v1/orgs/${org.id}`, {
      method: 'PUT',
      token: org.owner.token,
      json: { moved_on_url: 'https://acme.example/team' },
    });
    const member = await registerUser();
    const card = await joinAs(org.id, org.owner, member);
    expect((await api(`/p/${card.username}`)).status).toBe(200);

    const removed = await api(`/v1/orgs/${org.id}/members/${member.id}`, { method: 'DELETE', token: org.owner.token });
    expect(removed.status).toBe(200);
    const page = await api(`/p/${card.username}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain('The person who held this card has left Acme Ltd.');
    expect(page.text).toContain('href="https://acme.example/team"');
    expect((await api(`/v1/p/${card.username}`)).status).toBe(404);

    // The member keeps the account and the personal card, and sees the work card no more.
    const own = await api('/v1/cards', { token: member.token });
    expect(own.body.data.cards.map((c: { id: string }) => c.id)).toEqual([member.id]);
    expect((await api(`/p/${member.username}`)).status).toBe(200);
    expect((await api('/v1/orgs', { token: member.token })).body.data).toEqual([]);
    const cards = await api(`/v1/orgs/${org.id}/cards`, { token: org.owner.token });
    expect(cards.body.data).toEqual([expect.objectContaining({ id: card.id, state: 'paused', holder_id: null })]);
    const audit = await api(`/v1/orgs/${org.id}/audit`, { token: org.owner.token });
    expect(audit.body.data[0]).toMatchObject({ action: 'member.removed', actor_id: org.owner.id, subject: member.id });
  });

  it('a member who leaves pauses their card too; the owner cannot leave', async () => {
    const org = await newOrg();
    const member = await registerUser();
    const card = await joinAs(org.id, org.owner, member);
    const left = await api(`/v1/orgs/${org.id}/leave`, { method: 'POST', token: member.token });
    expect(left.status).toBe(200);
    expect((await api(`/p/${card.username}`)).status).toBe(410);
    const owner = await api(`/v1/orgs/${org.id}/leave`, { method: 'POST', token: org.owner.token });
    expect(owner.status).toBe(409);
  });

  it('reassigning keeps the username, the link ids and the counts; the name and photo are the successor’s', async () => {
    const org = await newOrg();
    const [member, colleague] = [await registerUser(), await registerUser()];
    const card = await joinAs(org.id, org.owner, member);
    await joinAs(org.id, org.owner, colleague);
    const link = await api(`/v1/cards/${card.id}/links`, {
      method: 'POST',
      token: member.token,
      json: { title: 'Team page', url: 'https://acme.example/ada' },
    });
    expect(link.status).toBe(201);
    const linkIds = (await api(`/v1/cards/${card.id}/links`, { token: member.token })).body.data.map(
      (l: { id: number }) => l.id,
    );
    expect(linkIds).toHaveLength(1);
    for (let i = 1; i <= 3; i++) expect(await view(card.username, visitor(i))).toBe(200);
    await flushAll();
    const before = await totals(member.token, card.id);
    expect(before?.views).toBe(3);

    await api(`/v1/orgs/${org.id}/members/${member.id}`, { method: 'DELETE', token: org.owner.token });
    // Refused, with nothing changed: a member who holds a work card here already, an outsider, no name.
    const rows = await orgRows(org.id);
    const refusals: [unknown, Record<string, string[]>][] = [
      [
        { user_id: colleague.id, name: 'Grace' },
        { user_id: ['This member already holds a work card of the organisation'] },
      ],
      [{ user_id: member.id, name: 'Back Again' }, { user_id: ['This account is not a member of the organisation'] }],
      [{ user_id: org.owner.id, name: '' }, { name: ['Enter the new holder’s name'] }],
      // No name at all: needed while the template does not lock it.
      [{ user_id: org.owner.id }, { name: ['Enter the new holder’s name'] }],
    ];
    for (const [json, errors] of refusals) {
      const res = await api(`/v1/orgs/${org.id}/cards/${card.id}/reassign`, {
        method: 'POST',
        token: org.owner.token,
        json,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(errors);
    }
    const byMember = await api(`/v1/orgs/${org.id}/cards/${card.id}/reassign`, {
      method: 'POST',
      token: colleague.token,
      json: { user_id: colleague.id, name: 'Grace' },
    });
    expect(byMember.status).toBe(403);
    expect(await orgRows(org.id)).toEqual(rows);

    // The owner, a member holding no work card here, takes it on.
    const res = await api(`/v1/orgs/${org.id}/cards/${card.id}/reassign`, {
      method: 'POST',
      token: org.owner.token,
      json: { user_id: org.owner.id, name: 'Grace Successor' },
    });
    expect(res.status).toBe(200);
    const profile = await api(`/v1/p/${card.username}`);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ username: card.username, name: 'Grace Successor', avatar_url: null });
    const links = await api(`/v1/cards/${card.id}/links`, { token: org.owner.token });
    expect(links.body.data.map((l: { id: number }) => l.id)).toEqual(linkIds);
    expect(await totals(org.owner.token, card.id)).toMatchObject({ views: before!.views, clicks: before!.clicks });
    // The member before reaches it no more.
    expect((await api(`/v1/cards/${card.id}`, { token: member.token })).status).toBe(404);
    expect((await api(`/v1/orgs/${org.id}/audit`, { token: org.owner.token })).body.data[0]).toMatchObject({
      action: 'card.reassigned',
      subject: card.username,
    });
  });

  it('reassigning follows the template: a locked name stays the organisation’s, not the successor’s', async () => {
    const { org, member, card } = await memberUnderTemplate({
      rules: { name: 'locked', company: 'locked' },
      locked_values: { name: 'Acme Front Desk', company: 'Acme Ltd' },
      required_links: [],
    });
    await api(`/v1/orgs/${org.id}/members/${member.id}`, { method: 'DELETE', token: org.owner.token });
    const res = await api(`/v1/orgs/${org.id}/cards/${card.id}/reassign`, {
      method: 'POST',
      token: org.owner.token,
      json: { user_id: org.owner.id, name: 'Grace Successor' },
    });
    expect(res.status).toBe(200);
    const profile = await api(`/v1/p/${card.username}`);
    expect(profile.body.data).toMatchObject({ name: 'Acme Front Desk', company: 'Acme Ltd' });
    expect((await api(`/p/${card.username}`)).text).not.toContain('Grace Successor');
    expect((await api(`/v1/orgs/${org.id}/audit`, { token: org.owner.token })).body.data[0]).toMatchObject({
      action: 'card.reassigned',
      detail: expect.objectContaining({ name: 'Acme Front Desk' }),
    });
  });

  it('reassigning under a locked name needs none; a locked photo stays, an unlocked one goes, a cover stays', async () => {
    /** A paused card with a photo and a cover, of an organisation whose template has these rules. */
    const pausedCard = async (rules: Record<string, string>) => {
      const org = await newOrg();
      const member = await registerUser();
      const card = await joinAs(org.id, org.owner, member);
      await env.DB.prepare('UPDATE cards SET avatar_key = ?, cover_key = ? WHERE id = ?')
        .bind(`avatars/${card.id}/photo1`, `covers/${card.id}/cover1`, card.id)
        .run();
      const saved = await api(`/v1/orgs/${org.id}/template`, {
        method: 'PUT',
        token: org.owner.token,
        json: { rules, locked_values: { name: 'Acme Front Desk' }, required_links: [] },
      });
      expect(saved.status).toBe(200);
      await api(`/v1/orgs/${org.id}/members/${member.id}`, { method: 'DELETE', token: org.owner.token });
      // No name: the template locks it.
      const res = await api(`/v1/orgs/${org.id}/cards/${card.id}/reassign`, {
        method: 'POST',
        token: org.owner.token,
        json: { user_id: org.owner.id },
      });
      expect(res.status).toBe(200);
      return { card, profile: (await api(`/v1/p/${card.username}`)).body.data };
    };

    const made: string[] = [];
    try {
      const locked = await pausedCard({ name: 'locked', photo: 'locked', cover: 'locked' });
      made.push(locked.card.id);
      expect(locked.profile).toMatchObject({ name: 'Acme Front Desk' });
      expect(locked.profile.avatar_url).toContain(`avatars/${locked.card.id}/photo1`);
      expect(locked.profile.cover_image_url).toContain(`covers/${locked.card.id}/cover1`);

      const open = await pausedCard({ name: 'locked' });
      made.push(open.card.id);
      expect(open.profile).toMatchObject({ name: 'Acme Front Desk', avatar_url: null });
      expect(open.profile.cover_image_url).toContain(`covers/${open.card.id}/cover1`);
    } finally {
      // The keys name no files: the files that share the bucket check it holds exactly what the
      // cards use (test/worker/images.ts), so no card may keep them.
      for (const id of made)
        await env.DB.prepare('UPDATE cards SET avatar_key = NULL, cover_key = NULL WHERE id = ?').bind(id).run();
    }
  });

  it('an admin deletes a paused card; another organisation cannot', async () => {
    const [org, other] = [await newOrg(), await newOrg()];
    const member = await registerUser();
    const card = await joinAs(org.id, org.owner, member);
    await api(`/v1/orgs/${org.id}/members/${member.id}`, { method: 'DELETE', token: org.owner.token });
    expect(
      (await api(`/v1/orgs/${other.id}/cards/${card.id}`, { method: 'DELETE', token: other.owner.token })).status,
    ).toBe(404);
    expect(
      (await api(`/v1/orgs/${org.id}/cards/${card.id}`, { method: 'DELETE', token: other.owner.token })).status,
    ).toBe(404);
    expect(
      (
        await api(`/v1/orgs/${other.id}/cards/${card.id}/reassign`, {
          method: 'POST',
          token: other.owner.token,
          json: { user_id: other.owner.id, name: 'Thief' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api(`/v1/orgs/${org.id}/cards/${card.id}`, { method: 'DELETE', token: org.owner.token })).status,
    ).toBe(200);
    expect((await api(`/p/${card.username}`)).status).toBe(404);
  });
});
