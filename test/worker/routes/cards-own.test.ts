import { env } from 'cloudflare:test';
import { describe, expect, it, onTestFinished } from 'vitest';
import { countDatabase } from '../../../worker/lib/count-shards';
import { mediaOwner } from '../../../worker/services/media';
import { GRACE, postContact } from '../contacts/contact-helpers';
import { api, clientIp, newAccount, registerUser } from '../helpers';
import { postForm } from '../images';
import { UA, view } from '../services/events-helpers';
import { LINKS_PER_USER_MAX } from '@shared/constants';
import { CARDS_COUNTS_MESSAGE } from '@shared/schemas/cards';
import { CONTACTS_PER_VISITOR } from '@shared/schemas/contacts';

// What is a card's own stays with it (docs/decisions/0091-cards-apart-from-accounts.md): its
// language and its page, its contacts and contact exchange, its statistics; and deleting one card
// takes nothing of another.

type User = Awaited<ReturnType<typeof registerUser>>;
const DAY_MS = 86_400_000;

async function withSecondCard() {
  const user = await registerUser({ name: 'Ada Lovelace' });
  const res = await api('/v1/cards', {
    method: 'POST',
    token: user.token,
    json: { username: newAccount().username.replace('user_', 'card_'), name: 'Ada at Work' },
  });
  if (res.status !== 201) throw new Error(`card not made: ${res.status} ${res.text}`);
  return { user, card: res.body.data as { id: string; username: string } };
}

const updateCard = (user: User, card: { id: string; username: string }, fields: Record<string, string>) =>
  postForm(`/v1/cards/${card.id}/profile/update`, user.token, {
    name: 'Ada at Work',
    username: card.username,
    ...fields,
  });

const shardOf = async (cardId: string) =>
  (await env.DB.prepare('SELECT count_shard AS shard FROM cards WHERE id = ?').bind(cardId).first<{ shard: number }>())!
    .shard;

async function countViews(cardId: string, views: number, clicks = 0) {
  const today = Math.floor(Date.now() / DAY_MS);
  await countDatabase(env, await shardOf(cardId))
    .prepare('INSERT INTO daily_stats (user_id, day, views, visitors, clicks, clickers) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(cardId, today - 1, views, views, clicks, clicks)
    .run();
}

/**
 * An image object under the card's media prefix. Storage is shared with other files, some of which
 * hold the whole bucket to the cards' rows: what survives the test is removed when it ends.
 */
async function putImage(cardId: string) {
  const key = `avatars/${await mediaOwner(cardId)}/kept/96.webp`;
  await env.MEDIA.put(key, 'bytes');
  onTestFinished(() => env.MEDIA.delete(key));
}

const countedRows = async (cardId: string) =>
  (
    await countDatabase(env, await shardOf(cardId))
      .prepare('SELECT views FROM daily_stats WHERE user_id = ?')
      .bind(cardId)
      .all<{ views: number }>()
  ).results;

describe("a card's own", () => {
  it("language: the card's page speaks it, the other card's its own", async () => {
    const { user, card } = await withSecondCard();
    expect((await updateCard(user, card, { language: 'es' })).status).toBe(200);
    const second = await api(`/p/${card.username}`);
    expect(second.text).toContain('Guardar contacto');
    const first = await api(`/p/${user.username}`);
    expect(first.text).toContain('Save contact');
    expect(first.text).not.toContain('Guardar contacto');
    const profile = await api('/v1/user/profile', { token: user.token });
    expect(profile.body.data.language).toBe('en');
  });

  it('contacts: left on one card, listed under it alone; exchange is switched per card', async () => {
    const { user, card } = await withSecondCard();
    expect((await updateCard(user, card, { contact_exchange: '1' })).status).toBe(200);
    expect((await postContact(user.username, GRACE)).status).toBe(404);
    expect((await postContact(card.username, GRACE)).status).toBe(201);
    const theirs = await api(`/v1/cards/${card.id}/contacts`, { token: user.token });
    expect(theirs.body.data.contacts.map((contact: { name: string }) => contact.name)).toEqual([GRACE.name]);
    expect(theirs.body.data.contact_exchange).toBe(true);
    const firsts = await api('/v1/user/contacts', { token: user.token });
    expect(firsts.body.data.contacts).toEqual([]);
    expect(firsts.body.data.contact_exchange).toBe(false);
  });

  it("statistics: each card's counts, from its own counting database", async () => {
    const { user, card } = await withSecondCard();
    await countViews(user.id, 3);
    await countViews(card.id, 11);
    const second = await api(`/v1/cards/${card.id}/stats?range=7`, { token: user.token });
    expect(second.body.data.profile_views).toBe(11);
    const first = await api('/v1/user/stats?range=7', { token: user.token });
    expect(first.body.data.profile_views).toBe(3);
  });

  it("the list of cards: each card's views and clicks beside it, nobody else's", async () => {
    const { user, card } = await withSecondCard();
    const other = await withSecondCard();
    await countViews(user.id, 3, 1);
    await countViews(card.id, 11, 4);
    await countViews(other.card.id, 50, 20);
    // A visit still buffered counts at once, as on the statistics screen.
    expect(await view(card.username, { 'CF-Connecting-IP': '198.51.100.77', 'User-Agent': UA.iphone })).toBe(200);
    const list = await api('/v1/cards?counts=true', { token: user.token });
    expect(list.status).toBe(200);
    const figures = (list.body.data.cards as { id: string; views: number; clicks: number }[]).map(
      ({ id, views, clicks }) => ({ id, views, clicks }),
    );
    expect(figures).toEqual([
      { id: user.id, views: 3, clicks: 1 },
      { id: card.id, views: 12, clicks: 4 },
    ]);
    const stats = await api(`/v1/cards/${card.id}/stats`, { token: user.token });
    expect(stats.body.data.profile_views).toBe(12);
    // Without counts=true the list leaves them out; a bad value is refused.
    const plain = await api('/v1/cards', { token: user.token });
    expect(plain.body.data.cards[1]).not.toHaveProperty('views');
    const bad = await api('/v1/cards?counts=yes', { token: user.token });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(CARDS_COUNTS_MESSAGE);
  });
});

describe("a card's bounds", () => {
  const linksOf = async (cardId: string) =>
    (await env.DB.prepare('SELECT count(*) AS n FROM links WHERE card_id = ?').bind(cardId).first<{ n: number }>())!.n;

  it('a full card refuses the link the other card, and an import into it, still take', async () => {
    const { user, card } = await withSecondCard();
    const many = Array.from({ length: LINKS_PER_USER_MAX }, (_, i) => ({
      title: `L${i}`,
      url: `https://e.example/${i}`,
    }));
    const full = await api('/v1/user/links/import', { method: 'POST', token: user.token, json: { links: many } });
    expect(full.status).toBe(201);
    const over = await api('/v1/user/links', {
      method: 'POST',
      token: user.token,
      json: { title: 'One more', url: 'https://more.example/' },
    });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(`You can have at most ${LINKS_PER_USER_MAX} links`);
    const imported = await api(`/v1/cards/${card.id}/links/import`, {
      method: 'POST',
      token: user.token,
      json: { links: many.slice(0, 3) },
    });
    expect(imported.status).toBe(201);
    const added = await api(`/v1/cards/${card.id}/links`, {
      method: 'POST',
      token: user.token,
      json: { title: 'One more', url: 'https://more.example/' },
    });
    expect(added.status).toBe(201);
    expect([await linksOf(user.id), await linksOf(card.id)]).toEqual([LINKS_PER_USER_MAX, 4]);
  });

  it("a visitor who used up one card's contacts may still leave one on the other", async () => {
    const { user, card } = await withSecondCard();
    expect((await updateCard(user, card, { contact_exchange: '1' })).status).toBe(200);
    const first = await postForm('/v1/user/profile/update', user.token, {
      name: user.name,
      username: user.username,
      contact_exchange: '1',
    });
    expect(first.status).toBe(200);
    const visitor = { ip: clientIp() };
    for (let i = 0; i < CONTACTS_PER_VISITOR; i += 1)
      expect((await postContact(user.username, GRACE, visitor)).status).toBe(201);
    expect((await postContact(user.username, GRACE, visitor)).status).toBe(429);
    expect((await postContact(card.username, GRACE, visitor)).status).toBe(201);
  });
});

describe('deleting a card', () => {
  it('takes its contacts, counts and images, and nothing of the other card', async () => {
    const { user, card } = await withSecondCard();
    for (const target of [{ id: user.id, username: user.username }, card]) {
      await postForm(`/v1/cards/${target.id}/profile/update`, user.token, {
        name: 'Ada',
        username: target.username,
        contact_exchange: '1',
      });
      expect((await postContact(target.username, GRACE)).status).toBe(201);
      await countViews(target.id, 5);
      await putImage(target.id);
    }

    const shard = await shardOf(card.id);
    const res = await api(`/v1/cards/${card.id}`, {
      method: 'DELETE',
      token: user.token,
      json: { username: card.username },
    });
    expect(res.status).toBe(200);

    const counted = await countDatabase(env, shard)
      .prepare('SELECT views FROM daily_stats WHERE user_id = ?')
      .bind(card.id)
      .all();
    expect(counted.results).toEqual([]);
    expect((await env.MEDIA.list({ prefix: `avatars/${await mediaOwner(card.id)}/` })).objects).toEqual([]);
    const contactsOf = (id: string) =>
      env.DB.prepare('SELECT name FROM contacts WHERE card_id = ?')
        .bind(id)
        .all()
        .then((result) => result.results);
    expect(await contactsOf(card.id)).toEqual([]);

    expect(await countedRows(user.id)).toEqual([{ views: 5 }]);
    expect((await env.MEDIA.list({ prefix: `avatars/${await mediaOwner(user.id)}/` })).objects).toHaveLength(1);
    expect(await contactsOf(user.id)).toEqual([{ name: GRACE.name }]);
    const stats = await api('/v1/user/stats?range=7', { token: user.token });
    expect(stats.body.data.profile_views).toBe(5);
  });
});

describe('deleting the account', () => {
  it("takes every card: its rows, counts and images, and holds every card's username", async () => {
    const { user, card } = await withSecondCard();
    const other = await withSecondCard();
    for (const id of [user.id, card.id, other.card.id]) {
      await countViews(id, 2);
      await putImage(id);
    }
    await api(`/v1/cards/${card.id}/links`, {
      method: 'POST',
      token: user.token,
      json: { title: 'Gone', url: 'https://gone.example.com/' },
    });

    // Where each card was counted, read while the cards still exist.
    const shards = new Map([
      [user.id, await shardOf(user.id)],
      [card.id, await shardOf(card.id)],
    ]);
    const res = await api('/v1/user', {
      method: 'DELETE',
      token: user.token,
      json: { current_password: user.password },
    });
    expect(res.status).toBe(200);

    for (const id of [user.id, card.id]) {
      const counted = await countDatabase(env, shards.get(id)!)
        .prepare('SELECT views FROM daily_stats WHERE user_id = ?')
        .bind(id)
        .all();
      expect(counted.results).toEqual([]);
      expect((await env.MEDIA.list({ prefix: `avatars/${await mediaOwner(id)}/` })).objects).toEqual([]);
    }
    const left = await env.DB.prepare('SELECT count(*) AS n FROM cards WHERE user_id = ?').bind(user.id).first('n');
    expect(left).toBe(0);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM links WHERE card_id = ?').bind(card.id).first('n')).toBe(0);
    expect((await api(`/p/${card.username}`)).status).toBe(404);
    const held = await api('/v1/cards', {
      method: 'POST',
      token: other.user.token,
      json: { username: card.username, name: 'Squatter' },
    });
    expect(held.status).toBe(422);
    // The other account's cards keep everything.
    expect(await countedRows(other.card.id)).toEqual([{ views: 2 }]);
    expect((await env.MEDIA.list({ prefix: `avatars/${await mediaOwner(other.card.id)}/` })).objects).toHaveLength(1);
  });
});
