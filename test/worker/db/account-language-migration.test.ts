import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../../worker/lib/hashing';
import { api, newAccount } from '../helpers';
import { login, outbox, post } from '../auth-helpers';
import { postContact } from '../contacts/contact-helpers';
import { CARD_WORDS } from '../i18n/language-helpers';

// Migration 0018 adds the account's own language, null for every account of before. Such an
// account, written as the previous releases wrote it (the cards release: a users row without a
// language and a primary card; the release before cards, still serving during that deploy: a
// profile, which 0017's trigger turns into the card), keeps its dashboard and its e-mails in its
// card's language until its owner chooses one (docs/decisions/0091-cards-apart-from-accounts.md).

type Written = 'card' | 'profile';

async function accountOfBefore(written: Written, language: string) {
  const id = crypto.randomUUID();
  const account = newAccount();
  const insertUser = env.DB.prepare(
    'INSERT INTO users (id, email, password_hash, activated_at, created_at, updated_at) VALUES (?, ?, ?, 1, 1, 1)',
  ).bind(id, account.email, await hashPassword(account.password));
  const insertCard =
    written === 'card'
      ? env.DB.prepare(
          `INSERT INTO cards (id, user_id, is_primary, username, name, language, contact_exchange, created_at, updated_at)
           VALUES (?, ?, 1, ?, 'Ada Lovelace', ?, 1, 1, 1)`,
        ).bind(id, id, account.username, language)
      : env.DB.prepare(
          `INSERT INTO profiles (user_id, username, name, language, created_at, updated_at)
           VALUES (?, ?, 'Ada Lovelace', ?, 1, 1)`,
        ).bind(id, account.username, language);
  await env.DB.batch([insertUser, insertCard]);
  if (written === 'profile')
    await env.DB.prepare('INSERT INTO contact_settings (user_id, exchange) VALUES (?, 1)').bind(id).run();
  const signedIn = await login(account.email, account.password);
  expect(signedIn.status).toBe(200);
  return { ...account, id, token: signedIn.body.token as string };
}

describe('migration 0018: the account’s own language', { timeout: 30_000 }, () => {
  it.each<Written>(['card', 'profile'])(
    'an account of before (its %s written by the release before) keeps its card’s language for the dashboard and the e-mails',
    async (written) => {
      // Another account of before, in German, written first: its language must not be taken for this one's.
      await accountOfBefore(written, 'de');
      const owner = await accountOfBefore(written, 'es');
      expect(await env.DB.prepare('SELECT language FROM users WHERE id = ?').bind(owner.id).first('language')).toBe(
        null,
      );
      const me = await api('/v1/user/profile', { token: owner.token });
      expect(me.body.data).toMatchObject({ language: 'es', account_language: 'es' });

      expect((await post('/v1/auth/forgot-password', { email: owner.email })).status).toBe(200);
      const [reset] = await outbox(owner.email);
      expect(reset?.subject).toBe('Tu código para restablecer la contraseña');

      expect(
        (await postContact(owner.username, { name: 'Ana Souza', email: 'ana@example.com', consent: 'yes' })).status,
      ).toBe(201);
      const [contact] = await outbox(owner.email);
      expect(contact?.subject).toBe('Nuevo contacto en tu tarjeta: Ana Souza');

      // A card it makes starts in the same language; its own page is unchanged.
      const made = await api('/v1/cards', {
        method: 'POST',
        token: owner.token,
        json: { username: newAccount().username.replace('user_', 'card_'), name: 'At Work' },
      });
      expect(made.status).toBe(201);
      expect(made.body.data.language).toBe('es');
      expect((await api(`/p/${owner.username}`)).text).toContain(CARD_WORDS.es.save);

      // Once the owner chooses, that is the account's; the card keeps its own.
      await api('/v1/user/language', { method: 'PUT', token: owner.token, json: { language: 'fr' } });
      expect((await api('/v1/user/profile', { token: owner.token })).body.data).toMatchObject({
        language: 'es',
        account_language: 'fr',
      });
      expect((await api(`/p/${owner.username}`)).text).toContain(CARD_WORDS.es.save);
    },
  );
});
