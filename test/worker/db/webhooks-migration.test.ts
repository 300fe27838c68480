import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../../worker/lib/hashing';
import { api, newAccount } from '../helpers';
import { login } from '../auth-helpers';
import { newKey, receivedAtLeast, receiverUrl, webhookFor } from '../webhook-helpers';

// Migration 0023 adds the webhooks' two tables and nothing else. An account written as the
// previous release wrote it (a users row, its primary card, a link) holds no webhook, keeps its
// card and links as they were, and a webhook it adds hears of a change to the link of before.

async function accountOfBefore() {
  const id = crypto.randomUUID();
  const account = newAccount();
  await env.DB.batch([
    env.DB.prepare(
      'INSERT INTO users (id, email, password_hash, activated_at, created_at, updated_at) VALUES (?, ?, ?, 1, 1, 1)',
    ).bind(id, account.email, await hashPassword(account.password)),
    env.DB.prepare(
      `INSERT INTO cards (id, user_id, is_primary, username, name, language, contact_exchange, created_at, updated_at)
       VALUES (?, ?, 1, ?, 'Ada Lovelace', 'en', 1, 1, 1)`,
    ).bind(id, id, account.username),
    env.DB.prepare(
      `INSERT INTO links (user_id, card_id, title, url, display_order, created_at, updated_at)
       VALUES (?, ?, 'Notes on the Engine', 'https://example.com/notes', 0, 1, 1)`,
    ).bind(id, id),
  ]);
  const signedIn = await login(account.email, account.password);
  expect(signedIn.status).toBe(200);
  return { ...account, id, token: signedIn.body.token as string };
}

describe('migration 0023: webhooks', { timeout: 30_000 }, () => {
  it('an account of before holds no webhook, keeps its card and links, and a new webhook hears of its link', async () => {
    const owner = await accountOfBefore();
    const profile = await api('/v1/user/profile', { token: owner.token });
    const links = await api('/v1/user/links', { token: owner.token });
    expect(links.body.data.map((link: { title: string }) => link.title)).toEqual(['Notes on the Engine']);
    expect((await api('/v1/user/webhooks', { token: owner.token })).body.data).toEqual([]);

    const key = newKey();
    await webhookFor(owner.token, { url: receiverUrl(key), events: ['link.updated'] });
    const id = links.body.data[0].id as number;
    await api(`/v1/user/links/${id}`, { method: 'PUT', token: owner.token, json: { title: 'Notes' } });
    const [delivery] = await receivedAtLeast(key, 1);
    expect(JSON.parse(delivery!.body).data.link).toMatchObject({
      id,
      title: 'Notes',
      url: 'https://example.com/notes',
    });
    expect((await api('/v1/user/profile', { token: owner.token })).body).toEqual(profile.body);
  });
});
