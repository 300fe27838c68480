import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminAccountsResponse } from '@shared/schemas/admin';
import { api, registerUser } from '../helpers';
import { act, auditOf, read, signedInAdmin, type Operator } from '../admin-helpers';

// The console on an account of several cards (docs/decisions/0091-cards-apart-from-accounts.md):
// the account is listed once with every card, found by any card's username, and a takedown or a
// restore acts on the card it names, leaving the account's other cards online.

type User = Awaited<ReturnType<typeof registerUser>>;
type ListedCard = { id: string; username: string; is_primary: boolean; taken_down_at: string | null };

/** A second card of the account, made by its owner as the dashboard makes one. */
async function secondCard(owner: User, suffix = 'work') {
  const res = await api('/v1/cards', {
    method: 'POST',
    token: owner.token,
    json: { username: `${owner.username}_${suffix}`, name: 'Work Card' },
  });
  if (res.status !== 201) throw new Error(`card not made: ${res.status} ${res.text}`);
  return res.body.data as { id: string; username: string };
}

/** The account's row in the console, found by its e-mail address. */
async function rowOf(admin: Operator, owner: User, state = 'all') {
  const page = await read(admin, `/accounts?state=${state}&q=${encodeURIComponent(owner.email)}`);
  expect(page.status).toBe(200);
  expect(adminAccountsResponse.parse(page.body)).toBeTruthy();
  return page.body.data.accounts[0] as
    { state: string; username: string; taken_down_at: string | null; cards: ListedCard[] } | undefined;
}

const takenDown = async (cardId: string) =>
  (await env.DB.prepare('SELECT taken_down_at, takedown_reason FROM cards WHERE id = ?').bind(cardId).first()) as {
    taken_down_at: number | null;
    takedown_reason: string | null;
  };

describe('an account of several cards in the console', { timeout: 60_000 }, () => {
  it('is listed once with every card, primary first, and found once by any card’s username', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const work = await secondCard(owner, 'work');
    const shop = await secondCard(owner, 'shop');

    const row = await rowOf(admin, owner);
    expect(row).toMatchObject({ username: owner.username, state: 'active' });
    expect(row?.cards).toEqual([
      {
        id: owner.id,
        username: owner.username,
        name: 'Test User',
        is_primary: true,
        taken_down_at: null,
        takedown_reason: null,
      },
      {
        id: work.id,
        username: work.username,
        name: 'Work Card',
        is_primary: false,
        taken_down_at: null,
        takedown_reason: null,
      },
      {
        id: shop.id,
        username: shop.username,
        name: 'Work Card',
        is_primary: false,
        taken_down_at: null,
        takedown_reason: null,
      },
    ]);

    // The second card's username finds the account; a search every card matches lists it once.
    const bySecond = await read(admin, `/accounts?q=${work.username}`);
    expect(bySecond.body.data.total).toBe(1);
    expect(bySecond.body.data.accounts.map((a: { id: string }) => a.id)).toEqual([owner.id]);
    const byAll = await read(admin, `/accounts?q=${owner.username}`);
    expect(byAll.body.data.total).toBe(1);
    expect(byAll.body.data.accounts).toHaveLength(1);

    // Another card made primary is the one the row's own fields name, and comes first.
    expect((await api(`/v1/cards/${shop.id}/primary`, { method: 'POST', token: owner.token })).status).toBe(200);
    const after = await rowOf(admin, owner);
    expect(after?.username).toBe(shop.username);
    expect(after?.cards.map((card) => [card.username, card.is_primary])).toEqual([
      [shop.username, true],
      [owner.username, false],
      [work.username, false],
    ]);
  });

  it('takes down the card named by card_id alone, and restores it; the audit names that card', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const work = await secondCard(owner);

    const down = await act(admin, `/accounts/${owner.id}/takedown`, { reason: 'Phishing page', card_id: work.id });
    expect(down.status).toBe(200);
    expect((await api(`/p/${work.username}`)).status).toBe(404);
    expect((await api(`/p/${owner.username}`)).status).toBe(200);
    expect(await takenDown(work.id)).toMatchObject({
      taken_down_at: expect.any(Number),
      takedown_reason: 'Phishing page',
    });
    expect(await takenDown(owner.id)).toEqual({ taken_down_at: null, takedown_reason: null });

    // The account counts as taken down (a card of it is), while the primary card's fields stay as they are.
    const row = await rowOf(admin, owner, 'taken_down');
    expect(row).toMatchObject({ state: 'taken_down', username: owner.username, taken_down_at: null });
    expect(row?.cards.find((card) => card.id === work.id)?.taken_down_at).toEqual(expect.any(String));
    expect(await rowOf(admin, owner, 'active')).toBeUndefined();
    expect((await act(admin, `/accounts/${owner.id}/takedown`, { reason: 'Again', card_id: work.id })).status).toBe(
      409,
    );

    // Restore of the card that is online is refused; of the taken-down one, it comes back.
    const live = await act(admin, `/accounts/${owner.id}/restore`, { card_id: owner.id });
    expect(live.status).toBe(409);
    expect(live.body.message).toBe('The card is not taken down.');
    expect((await act(admin, `/accounts/${owner.id}/restore`, { reason: 'Appeal', card_id: work.id })).status).toBe(
      200,
    );
    expect((await api(`/p/${work.username}`)).status).toBe(200);
    expect(await rowOf(admin, owner, 'active')).toMatchObject({ state: 'active' });
    expect(await rowOf(admin, owner, 'taken_down')).toBeUndefined();

    expect((await auditOf(owner.id)).map((entry) => [entry.action, entry.target_label])).toEqual([
      ['takedown', work.username],
      ['restore', work.username],
    ]);
  });

  it('without card_id acts on the primary card, as before, and leaves the others online', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const work = await secondCard(owner);
    expect((await act(admin, `/accounts/${owner.id}/takedown`, { reason: 'Impersonation' })).status).toBe(200);
    expect((await api(`/p/${owner.username}`)).status).toBe(404);
    expect((await api(`/p/${work.username}`)).status).toBe(200);
    expect(await rowOf(admin, owner)).toMatchObject({ state: 'taken_down', takedown_reason: 'Impersonation' });
    expect((await act(admin, `/accounts/${owner.id}/restore`)).status).toBe(200);
    expect((await api(`/p/${owner.username}`)).status).toBe(200);
    expect((await auditOf(owner.id)).map((entry) => entry.target_label)).toEqual([owner.username, owner.username]);
  });

  it('answers 404 for a card of another account or none, and 422 for a card id that is no text, changing nothing', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    const work = await secondCard(owner);
    const other = await registerUser();
    const theirs = await secondCard(other);
    await act(admin, `/accounts/${other.id}/takedown`, { reason: 'Spam', card_id: theirs.id });
    const auditBefore = await auditOf(owner.id);

    for (const cardId of [other.id, theirs.id, crypto.randomUUID(), 'no-such-card']) {
      const down = await act(admin, `/accounts/${owner.id}/takedown`, { reason: 'Spam', card_id: cardId });
      expect(down.status, cardId).toBe(404);
      expect(down.body).toEqual({ success: false, message: 'Card not found' });
      const up = await act(admin, `/accounts/${owner.id}/restore`, { card_id: cardId });
      expect(up.status, cardId).toBe(404);
      expect(up.body.message).toBe('Card not found');
    }
    for (const cardId of [42, '', 'x'.repeat(65)]) {
      const res = await act(admin, `/accounts/${owner.id}/takedown`, { reason: 'Spam', card_id: cardId });
      expect(res.status, String(cardId)).toBe(422);
      expect(res.body.errors).toEqual({ card_id: ['Card not found'] });
    }
    expect(await takenDown(other.id)).toMatchObject({ taken_down_at: null });
    expect(await takenDown(theirs.id)).toMatchObject({ takedown_reason: 'Spam' });
    for (const card of [owner, work]) expect((await api(`/p/${card.username}`)).status).toBe(200);
    expect(await auditOf(owner.id)).toEqual(auditBefore);
  });

  it('is no route for anyone but an operator, card_id or not', async () => {
    const owner = await registerUser();
    const work = await secondCard(owner);
    const someone = await registerUser();
    for (const token of [undefined, someone.token, owner.token]) {
      for (const action of ['takedown', 'restore']) {
        const res = await api(`/v1/admin/accounts/${owner.id}/${action}`, {
          method: 'POST',
          token,
          json: { reason: 'Phishing page', card_id: work.id },
        });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: 'Not found' });
      }
    }
    expect((await api(`/p/${work.username}`)).status).toBe(200);
    expect(await auditOf(owner.id)).toEqual([]);
  });
});
