import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_MESSAGE } from '@shared/i18n/languages';
import { userResponse } from '@shared/schemas/user';
import { api, newAccount, registerUser } from '../helpers';
import { outbox, post } from '../auth-helpers';
import { postForm } from '../images';
import { postContact } from '../contacts/contact-helpers';
import { CARD_WORDS, setLanguage } from './language-helpers';

// The account's language (the dashboard's and the e-mails') and each card's (what its visitors
// read) are two settings (docs/product.md §8): a Spanish dashboard no longer puts 'Guardar
// contacto' on an English card, and a second card in French does not turn the owner's mail French.

type User = Awaited<ReturnType<typeof registerUser>>;

const setAccountLanguage = (token: string | undefined, body: unknown) =>
  api('/v1/user/language', { method: 'PUT', token, json: body });

const stored = async (accountId: string) => ({
  account: await env.DB.prepare('SELECT language FROM users WHERE id = ?')
    .bind(accountId)
    .first<string | null>('language'),
  cards: (
    await env.DB.prepare('SELECT username, language FROM cards WHERE user_id = ? ORDER BY is_primary DESC, username')
      .bind(accountId)
      .all<{ username: string; language: string }>()
  ).results,
});

async function secondCard(user: User) {
  const res = await api('/v1/cards', {
    method: 'POST',
    token: user.token,
    json: { username: newAccount().username.replace('user_', 'card_'), name: 'At Work' },
  });
  if (res.status !== 201) throw new Error(`card not made: ${res.status} ${res.text}`);
  return res.body.data as { id: string; username: string; language: string };
}

describe("the account's language", { timeout: 30_000 }, () => {
  it('is the language registered in, stored on the account and on its first card', async () => {
    const account = newAccount();
    const res = await api('/v1/auth/register', { method: 'POST', json: account, headers: { 'Accept-Language': 'es' } });
    expect(res.status).toBe(201);
    const id = res.body.user.id as string;
    expect(await stored(id)).toEqual({ account: 'es', cards: [{ username: account.username, language: 'es' }] });
    const me = userResponse.parse((await api('/v1/user/profile', { token: res.body.token })).body);
    expect(me.data).toMatchObject({ language: 'es', account_language: 'es' });
  });

  it("PUT /v1/user/language changes the account's and no card's: each page keeps its words", async () => {
    const user = await registerUser();
    const card = await secondCard(user);
    const res = await setAccountLanguage(user.token, { language: 'fr' });
    expect(res.status).toBe(200);
    const answer = userResponse.parse(res.body);
    expect(answer.data).toMatchObject({ account_language: 'fr', language: 'en', username: user.username });
    expect(answer.message).toBe('Language updated successfully');
    expect(await stored(user.id)).toEqual({
      account: 'fr',
      cards: [
        { username: user.username, language: 'en' },
        { username: card.username, language: 'en' },
      ],
    });
    for (const username of [user.username, card.username]) {
      const page = await api(`/p/${username}`);
      expect(page.text).toContain(CARD_WORDS.en.save);
      expect(page.text).not.toContain(CARD_WORDS.fr.save);
    }
    expect((await api('/v1/user/profile', { token: user.token })).body.data).toMatchObject({
      account_language: 'fr',
      language: 'en',
    });
    // A card made from now on starts in the account's language.
    expect((await secondCard(user)).language).toBe('fr');
  });

  it("a card's language, set with its profile, leaves the account's", async () => {
    const user = await registerUser();
    await setAccountLanguage(user.token, { language: 'de' });
    const res = await setLanguage(user, 'es');
    expect(res.body.data).toMatchObject({ language: 'es', account_language: 'de' });
    expect(await stored(user.id)).toEqual({ account: 'de', cards: [{ username: user.username, language: 'es' }] });
    expect((await api(`/p/${user.username}`)).text).toContain(CARD_WORDS.es.save);
  });

  it.each([{ language: 'pt' }, { language: 'EN' }, { language: '' }, { language: 7 }, {}, { lang: 'fr' }])(
    'refuses %j with the languages named, and changes nothing',
    async (body) => {
      const user = await registerUser();
      await setAccountLanguage(user.token, { language: 'de' });
      const before = await stored(user.id);
      const res = await setAccountLanguage(user.token, body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ language: [LANGUAGE_MESSAGE] });
      expect(await stored(user.id)).toEqual(before);
    },
  );

  it('is refused anonymously, and changes only the caller’s account', async () => {
    const [alice, bob] = await Promise.all([registerUser(), registerUser()]);
    const anonymous = await setAccountLanguage(undefined, { language: 'ar' });
    expect(anonymous.status).toBe(401);
    expect(await stored(bob.id)).toEqual({ account: 'en', cards: [{ username: bob.username, language: 'en' }] });
    // Alice's token changes Alice's account only, whatever else the body names.
    const res = await setAccountLanguage(alice.token, { language: 'ar', user_id: bob.id, username: bob.username });
    expect(res.status).toBe(200);
    expect((await stored(alice.id)).account).toBe('ar');
    expect(await stored(bob.id)).toEqual({ account: 'en', cards: [{ username: bob.username, language: 'en' }] });
    expect((await api('/v1/user/profile', { token: bob.token })).body.data.account_language).toBe('en');
  });
});

describe("e-mails to the owner speak the account's language, never a card's", { timeout: 30_000 }, () => {
  it('a German account with an English card gets its reset code in German', async () => {
    const user = await registerUser();
    expect((await setAccountLanguage(user.token, { language: 'de' })).status).toBe(200);
    expect((await post('/v1/auth/forgot-password', { email: user.email })).status).toBe(200);
    const [mail] = await outbox(user.email);
    expect(mail?.subject).toBe('Ihr Code zum Zurücksetzen des Passworts');
    expect((await api(`/p/${user.username}`)).text).toContain(CARD_WORDS.en.save);
  });

  it('a contact left on a second card in French reaches an English account in English', async () => {
    const user = await registerUser({ name: 'Ada Lovelace' });
    const card = await secondCard(user);
    const update = await postForm(`/v1/cards/${card.id}/profile/update`, user.token, {
      name: 'At Work',
      username: card.username,
      language: 'fr',
      contact_exchange: '1',
    });
    expect(update.status).toBe(200);
    // The card's visitors read French...
    expect((await api(`/p/${card.username}`)).text).toContain(CARD_WORDS.fr.save);
    const sent = await postContact(card.username, { name: 'Ana Souza', email: 'ana@example.com', consent: 'yes' });
    expect(sent.status).toBe(201);
    // ...and its owner reads English.
    const [mail] = await outbox(user.email);
    expect(mail?.subject).toBe('New contact on your card: Ana Souza');
    expect(mail?.text).toContain('Ana Souza shared their contact on your card.');
  });
});
