import { env, SELF } from 'cloudflare:test';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_NOT_FOUND, cardResponse, cardsResponse, DELETE_CARD_CONFIRM_MESSAGE } from '@shared/schemas/cards';
import { apiWith } from '../auth-helpers';
import { api, newAccount, registerUser, toRequest } from '../helpers';
import { readZip } from '../zip-reader';

// An account's cards (docs/decisions/0091-cards-apart-from-accounts.md): the list, a new card
// (empty or a copy), the primary one, deletion; and a card's own resources under
// /v1/cards/{id}/…, which another account can neither see nor change.

type User = Awaited<ReturnType<typeof registerUser>>;
let alice: User;
let bob: User;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser({ name: 'Alice Example' }), registerUser()]);
});

const call = (token: string | undefined, method: string, path: string, json?: unknown) =>
  api(path, { method, token, json });
const newName = () => newAccount().username.replace('user_', 'card_');
const stored = (table: 'cards' | 'links', column: 'user_id' | 'card_id', id: string) =>
  env.DB.prepare(`SELECT * FROM ${table} WHERE ${column} = ? ORDER BY rowid`)
    .bind(id)
    .all()
    .then((result) => result.results);

async function secondCard(user: User, body: Record<string, unknown> = {}) {
  const res = await call(user.token, 'POST', '/v1/cards', { username: newName(), name: 'Second Card', ...body });
  if (res.status !== 201) throw new Error(`card not made: ${res.status} ${res.text}`);
  return res.body.data as { id: string; username: string };
}

describe('GET /v1/cards', () => {
  it("lists a new account's one card: the account's id, primary, within the default limit of 10", async () => {
    const user = await registerUser();
    const res = await call(user.token, 'GET', '/v1/cards');
    expect(res.status).toBe(200);
    expect(cardsResponse.parse(res.body)).toBeTruthy();
    expect(res.body.data.limit).toBe(10);
    expect(res.body.data.cards).toEqual([
      expect.objectContaining({ id: user.id, username: user.username, is_primary: true, is_active: true }),
    ]);
  });

  it('answers 401 without a session', async () => {
    expect((await call(undefined, 'GET', '/v1/cards')).status).toBe(401);
  });
});

describe('POST /v1/cards', () => {
  it('makes an empty card with its own page and links; the first card keeps its own', async () => {
    const user = await registerUser();
    await call(user.token, 'POST', '/v1/user/links', { title: 'First', url: 'https://first.example.com/' });
    const res = await call(user.token, 'POST', '/v1/cards', { username: newName(), name: 'Work Card' });
    expect(res.status).toBe(201);
    expect(cardResponse.parse(res.body).data).toMatchObject({ name: 'Work Card', is_primary: false });
    const card = res.body.data as { id: string; username: string };
    expect(card.id).not.toBe(user.id);

    const added = await call(user.token, 'POST', `/v1/cards/${card.id}/links`, {
      title: 'Second only',
      url: 'https://second.example.com/',
    });
    expect(added.status).toBe(201);
    const theirs = await call(user.token, 'GET', `/v1/cards/${card.id}/links`);
    expect(theirs.body.data.map((link: { title: string }) => link.title)).toEqual(['Second only']);
    const firsts = await call(user.token, 'GET', '/v1/user/links');
    expect(firsts.body.data.map((link: { title: string }) => link.title)).toEqual(['First']);

    const page = await api(`/p/${card.username}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Second only');
    expect(page.text).not.toContain('https://first.example.com/');
    const profile = await call(user.token, 'GET', `/v1/cards/${card.id}/profile`);
    expect(profile.body.data).toMatchObject({ id: user.id, username: card.username, name: 'Work Card' });
  });

  it("copies a card's look and links, not its images, contacts or statistics", async () => {
    const user = await registerUser();
    await call(user.token, 'POST', '/v1/user/links', { title: 'Site', url: 'https://site.example.com/' });
    await call(user.token, 'PUT', '/v1/user/profile/template', { template_id: 2 });
    const copy = await secondCard(user, { copy_of: user.id, name: undefined });
    const [row] = (await stored('cards', 'user_id', user.id)).filter((r) => r.id === copy.id);
    expect(row).toMatchObject({ name: 'Test User', template_id: 2, is_primary: 0, contacts_submitted: 0 });
    const links = await stored('links', 'card_id', copy.id);
    expect(links.map((link) => link.title)).toEqual(['Site']);
  });

  it('refuses a taken or invalid username, a missing name and a card past the limit, storing nothing', async () => {
    const user = await registerUser();
    const cases: [unknown, number, string][] = [
      [{ username: bob.username, name: 'Taken' }, 422, 'This username is already taken'],
      [{ username: 'x', name: 'Short' }, 422, 'Username must be at least'],
      [{ username: newName() }, 422, 'Name must be at least'],
      [{ username: newName(), copy_of: bob.id }, 404, CARD_NOT_FOUND],
    ];
    for (const [json, status, message] of cases) {
      const res = await call(user.token, 'POST', '/v1/cards', json);
      expect(res.status, JSON.stringify(json)).toBe(status);
      expect(res.body.message).toContain(message);
    }
    const limited = await apiWith({ CARDS_PER_ACCOUNT: '1' }, '/v1/cards', {
      method: 'POST',
      token: user.token,
      json: { username: newName(), name: 'One Too Many' },
    });
    expect(limited.status).toBe(422);
    expect(limited.body.message).toBe('You can have at most 1 cards');
    expect(await stored('cards', 'user_id', user.id)).toHaveLength(1);
  });
});

describe('POST /v1/cards, bounded', () => {
  it('refuses a 21st new card in a day, whatever was deleted since, and stores nothing', async () => {
    const user = await registerUser();
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 20 }, (_, i) =>
        env.DB.prepare("INSERT INTO auth_attempts (kind, subject, created_at) VALUES ('card_create', ?, ?)").bind(
          user.id,
          now - i * 60_000,
        ),
      ),
    );
    const res = await call(user.token, 'POST', '/v1/cards', { username: newName(), name: 'One Too Many' });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('You have made too many cards today. Please try again tomorrow.');
    expect(await stored('cards', 'user_id', user.id)).toHaveLength(1);
  });

  it('gives the count back when no card was made', async () => {
    const user = await registerUser();
    await call(user.token, 'POST', '/v1/cards', { username: bob.username, name: 'Taken' });
    await apiWith({ CARDS_PER_ACCOUNT: '1' }, '/v1/cards', {
      method: 'POST',
      token: user.token,
      json: { username: newName(), name: 'Over' },
    });
    const counted = await env.DB.prepare(
      "SELECT count(*) AS n FROM auth_attempts WHERE kind = 'card_create' AND subject = ?",
    )
      .bind(user.id)
      .first('n');
    expect(counted).toBe(0);
  });
});

describe('POST /v1/cards/{id}/primary and /v1/user/*', () => {
  it('/v1/user/* acts on the primary card, whichever it is', async () => {
    const user = await registerUser();
    const card = await secondCard(user);
    const res = await call(user.token, 'POST', `/v1/cards/${card.id}/primary`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: card.id, is_primary: true });
    const profile = await call(user.token, 'GET', '/v1/user/profile');
    expect(profile.body.data).toMatchObject({ id: user.id, username: card.username, email: user.email });
    await call(user.token, 'POST', '/v1/user/links', { title: 'Now primary', url: 'https://p.example.com/' });
    expect((await stored('links', 'card_id', card.id)).map((link) => link.title)).toEqual(['Now primary']);
    expect(await stored('links', 'card_id', user.id)).toEqual([]);
    const list = await call(user.token, 'GET', '/v1/cards');
    expect(list.body.data.cards.map((c: { is_primary: boolean }) => c.is_primary)).toEqual([false, true]);
  });
});

describe('DELETE /v1/cards/{id}', () => {
  it('deletes a card once its username is typed, with its links; the other card and its page stay', async () => {
    const user = await registerUser();
    await call(user.token, 'POST', '/v1/user/links', { title: 'Keep', url: 'https://keep.example.com/' });
    const card = await secondCard(user);
    await call(user.token, 'POST', `/v1/cards/${card.id}/links`, { title: 'Go', url: 'https://go.example.com/' });

    const wrong = await call(user.token, 'DELETE', `/v1/cards/${card.id}`, { username: user.username });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ username: [DELETE_CARD_CONFIRM_MESSAGE] });
    const primary = await call(user.token, 'DELETE', `/v1/cards/${user.id}`, { username: user.username });
    expect(primary.status).toBe(409);
    expect(await stored('cards', 'user_id', user.id)).toHaveLength(2);

    const res = await call(user.token, 'DELETE', `/v1/cards/${card.id}`, { username: card.username.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await stored('links', 'card_id', card.id)).toEqual([]);
    expect((await api(`/p/${card.username}`)).status).toBe(404);
    expect((await stored('links', 'card_id', user.id)).map((link) => link.title)).toEqual(['Keep']);
    expect((await api(`/p/${user.username}`)).status).toBe(200);
    // Usernames are not recycled: nobody takes the deleted card's name.
    const taken = await call(bob.token, 'POST', '/v1/cards', { username: card.username, name: 'Squatter' });
    expect(taken.status).toBe(422);
  });
});

describe("another account's card", () => {
  it('answers 404 everywhere and changes nothing', async () => {
    const card = await secondCard(alice);
    await call(alice.token, 'POST', `/v1/cards/${card.id}/links`, { title: 'Mine', url: 'https://mine.example.com/' });
    const before = await stored('links', 'card_id', card.id);
    for (const [method, path, json] of [
      ['GET', `/v1/cards/${card.id}`],
      ['DELETE', `/v1/cards/${card.id}`, { username: card.username }],
      ['POST', `/v1/cards/${card.id}/primary`],
      ['GET', `/v1/cards/${card.id}/profile`],
      ['POST', `/v1/cards/${card.id}/profile/update`, { name: 'Hijacked' }],
      ['GET', `/v1/cards/${card.id}/links`],
      ['POST', `/v1/cards/${card.id}/links`, { title: 'Spam', url: 'https://spam.example.com/' }],
      ['GET', `/v1/cards/${card.id}/stats`],
      ['GET', `/v1/cards/${card.id}/contacts`],
      ['GET', `/v1/cards/${card.id}/themes`],
      ['GET', `/v1/cards/${alice.id}/profile`],
    ] as [string, string, unknown?][]) {
      const res = await call(bob.token, method, path, json);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message, `${method} ${path}`).toBe(CARD_NOT_FOUND);
    }
    expect(await stored('links', 'card_id', card.id)).toEqual(before);
    const [row] = (await stored('cards', 'user_id', alice.id)).filter((r) => r.id === card.id);
    expect(row).toMatchObject({ name: 'Second Card', is_primary: 0 });
    const list = await call(bob.token, 'GET', '/v1/cards');
    expect(list.body.data.cards.map((c: { id: string }) => c.id)).toEqual([bob.id]);
  });
});

describe('GET /v1/user/export with several cards', () => {
  it("holds the primary card at the top and each other card in its own folder, nobody else's", async () => {
    const user = await registerUser();
    await call(user.token, 'POST', '/v1/user/links', { title: 'Primary link', url: 'https://one.example.com/' });
    const card = await secondCard(user);
    await call(user.token, 'POST', `/v1/cards/${card.id}/links`, {
      title: 'Card link',
      url: 'https://two.example.com/',
    });
    const res = await SELF.fetch(toRequest('/v1/user/export', { token: user.token }));
    expect(res.status).toBe(200);
    const files = await readZip(new Uint8Array(await res.arrayBuffer()));
    const text = (name: string) => new TextDecoder().decode(files.get(name));
    const titles = (name: string) => (JSON.parse(text(name)) as { title: string }[]).map((link) => link.title);
    expect(titles('links.json')).toEqual(['Primary link']);
    expect(titles(`cards/${card.username}/links.json`)).toEqual(['Card link']);
    expect(JSON.parse(text(`cards/${card.username}/profile.json`))).toMatchObject({ username: card.username });
    // The second card's vCard, read by an RFC 6350 reader that is not ours: its own name and address.
    const vcard = new ICAL.Component(ICAL.parse(text(`cards/${card.username}/card.vcf`)));
    expect(vcard.getFirstPropertyValue('fn')).toBe('Second Card');
    expect(String(vcard.getFirstPropertyValue('url'))).toMatch(new RegExp(`/p/${card.username}$`));
    const publicVcard = new ICAL.Component(ICAL.parse((await api(`/p/${card.username}.vcf`)).text));
    expect(publicVcard.getFirstPropertyValue('fn')).toBe('Second Card');
    const firstVcard = new ICAL.Component(ICAL.parse((await api(`/p/${user.username}.vcf`)).text));
    expect(firstVcard.getFirstPropertyValue('fn')).not.toBe('Second Card');
    expect([...files.keys()].some((name) => name.includes(bob.username))).toBe(false);

    const bobs = await readZip(
      new Uint8Array(await (await SELF.fetch(toRequest('/v1/user/export', { token: bob.token }))).arrayBuffer()),
    );
    expect([...bobs.keys()].filter((name) => name.startsWith('cards/'))).toEqual([]);
  });
});
