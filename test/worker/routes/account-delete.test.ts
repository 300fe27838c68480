import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/middleware/db';
import { deleteAccount, finishPendingDeletions } from '../../../worker/services/account-data/deletion';
import { countDatabase, countShards } from '../../../worker/lib/count-shards';
import { foldStatements } from '../../../worker/services/events/fold';
import {
  COUNT_TABLES,
  NOT_COUNT_USER_DATA,
  NOT_USER_DATA,
  USER_TABLES,
  userKvPrefixes,
  userR2Prefixes,
} from '../../../worker/services/account-data/registry';
import { api, newAccount, registerUser } from '../helpers';
import { post } from '../auth-helpers';
import { postForm } from '../images';
import { enableTotp, nextCode } from '../security-helpers';
import { makeToken } from '../token-helpers';
import { newKey, receiverUrl, webhookFor } from '../webhook-helpers';
import { imageBytes, file } from '../images';

type User = Awaited<ReturnType<typeof registerUser>> & { apiToken?: string };
const remove = (user: User, json: unknown) => api('/v1/user', { method: 'DELETE', token: user.token, json });

async function tables(db: D1Database = env.DB) {
  const { results } = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all<{ name: string }>();
  return results.map((row) => row.name);
}

/** Rows of the user in every table of the registry (by id or e-mail, as the registry says). */
async function rowsOf(user: { id: string; email: string }) {
  const counts: Record<string, number> = {};
  for (const { table, column, by } of USER_TABLES) {
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = ?`)
      .bind(by === 'id' ? user.id : user.email)
      .first<{ n: number }>();
    counts[`${table}.${column}/${by}`] = row?.n ?? 0;
  }
  // Every counting database, not only the card's own.
  for (const shard of countShards(env)) {
    for (const { table, column } of COUNT_TABLES) {
      const row = await countDatabase(env, shard)
        .prepare(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = ?`)
        .bind(user.id)
        .first<{ n: number }>();
      counts[`COUNTS_${shard}:${table}.${column}`] = row?.n ?? 0;
    }
  }
  return counts;
}

async function storageOf(userId: string) {
  let kv = 0;
  for (const prefix of userKvPrefixes(userId)) kv += (await env.EVENTS.list({ prefix })).keys.length;
  let r2 = 0;
  for (const prefix of await userR2Prefixes(userId)) r2 += (await env.MEDIA.list({ prefix })).objects.length;
  return { kv, r2 };
}

/** A card with something in every table, KV prefix and R2 prefix the registry names. */
async function seedEverything(user: User) {
  const now = Date.now();
  const link = await api('/v1/user/links', {
    method: 'POST',
    token: user.token,
    json: { title: 'Site', url: 'https://example.com/' },
  });
  const linkId = link.body.link.id as number;
  await postForm('/v1/user/profile/update', user.token, {
    name: user.name,
    username: user.username,
    avatar: file(await imageBytes('png'), 'me.png', 'image/png'),
  });
  await post('/v1/auth/forgot-password', { email: user.email });
  const made = await makeToken(user, { scopes: ['cards:read'] });
  if (made.status !== 201) throw new Error(`token: ${made.status}`);
  user.apiToken = made.body.data.token as string;
  // A webhook with a delivery in its log (a test event, which the queue sends to the receiver).
  const hook = await webhookFor(user.token, { url: receiverUrl(newKey()), events: ['link.created'] });
  await api(`/v1/user/webhooks/${hook.id}/test`, { method: 'POST', token: user.token });
  const id = user.id;
  const sql = [
    [
      "INSERT INTO events (id, user_id, kind, link_id, at, visitor, device, channel) VALUES (?, ?, 'click', ?, ?, ?, 'mobile', 'direct')",
      crypto.randomUUID(),
      id,
      linkId,
      now,
      'a'.repeat(32),
    ],
    ['INSERT INTO daily_stats (user_id, day, views) VALUES (?, 20000, 3)', id],
    ['INSERT INTO daily_link_clicks (user_id, day, link_id, clicks) VALUES (?, 20000, ?, 2)', id, linkId],
    ["INSERT INTO daily_breakdowns (user_id, day, facet, name, views) VALUES (?, 20000, 'country', 'DE', 3)", id],
    ["INSERT INTO reports (user_id, reason, created_at) VALUES (?, 'spam', ?)", id, now],
    [
      'INSERT INTO passkeys (id, user_id, name, public_key, created_at) VALUES (?, ?, ?, ?, ?)',
      crypto.randomUUID(),
      id,
      'Key',
      'pk',
      now,
    ],
    [
      "INSERT INTO auth_challenges (id, kind, user_id, expires_at, created_at) VALUES (?, 'passkey_register', ?, ?, ?)",
      crypto.randomUUID(),
      id,
      now + 60_000,
      now,
    ],
    [
      'INSERT INTO email_changes (id, user_id, new_email, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      crypto.randomUUID(),
      id,
      'new@example.com',
      'h',
      now + 60_000,
      now,
    ],
    ["INSERT INTO auth_attempts (kind, subject, created_at) VALUES ('reauth_failure', ?, ?)", id, now],
    ['INSERT INTO contact_settings (user_id, exchange, notify, submitted) VALUES (?, 1, 1, 1)', id],
    ["INSERT INTO notices (user_id, kind, created_at) VALUES (?, 'second_factor_reset', ?)", id, now],
    [
      "INSERT INTO contacts (id, user_id, name, email, visitor, created_at) VALUES (?, ?, 'Grace', 'grace@example.com', ?, ?)",
      crypto.randomUUID(),
      id,
      'b'.repeat(32),
      now,
    ],
  ] as const;
  for (const [statement, ...values] of sql)
    await env.DB.prepare(statement)
      .bind(...values)
      .run();
  // The ledger and rollups of every counting database (the card's own, and any it was counted
  // in), and rows on their way there from the accounts database.
  const moving = [
    // The weekly sums of the days (services/events/weekly-sql.ts).
    ['INSERT INTO weekly_stats (user_id, week, views) VALUES (?, 2857, 3)', id],
    [
      'INSERT INTO moved_daily_stats (user_id, day, views, clicks, visitors, clickers, days) VALUES (?, 20000, 1, 0, 1, 0, 1)',
      id,
    ],
    [
      'INSERT INTO moved_daily_link_clicks (user_id, day, link_id, clicks, days) VALUES (?, 20000, ?, 1, 1)',
      id,
      linkId,
    ],
    [
      "INSERT INTO moved_daily_breakdowns (user_id, day, facet, name, views, clicks, days) VALUES (?, 20000, 'device', 'mobile', 1, 0, 1)",
      id,
    ],
  ] as const;
  for (const shard of countShards(env)) {
    for (const [statement, ...values] of [...sql.slice(0, 4), ...moving])
      await countDatabase(env, shard)
        .prepare(statement)
        .bind(...values)
        .run();
  }
  for (const prefix of userKvPrefixes(id)) await env.EVENTS.put(`${prefix}${crypto.randomUUID()}`, '');
  for (const prefix of await userR2Prefixes(id)) await env.MEDIA.put(`${prefix}extra.jpg`, 'x');
}

describe('DELETE /v1/user', { timeout: 60_000 }, () => {
  it('knows every table: each one is in the registry of user data or says why it is not', async () => {
    const registered = new Set(USER_TABLES.map((entry) => entry.table));
    const unknown = (await tables()).filter((name) => !registered.has(name) && !(name in NOT_USER_DATA));
    expect(unknown).toEqual([]);
  });

  it('knows every table of the counting databases too', async () => {
    const registered = new Set(COUNT_TABLES.map((entry) => entry.table));
    for (const shard of countShards(env)) {
      const unknown = (await tables(countDatabase(env, shard))).filter(
        (name) => !registered.has(name) && !(name in NOT_COUNT_USER_DATA),
      );
      expect(unknown, `COUNTS_${shard}`).toEqual([]);
    }
  });

  it('keeps a drain that looked the card up before the deletion from counting it after', async () => {
    const user = await registerUser();
    const shard = (await env.DB.prepare('SELECT count_shard AS s FROM profiles WHERE user_id = ?')
      .bind(user.id)
      .first<{ s: number }>())!.s;
    await deleteAccount(createDb(env.DB), env, user.id);
    // The fold of a page read before the deletion, written after it.
    const counts = createDb(countDatabase(env, shard));
    const event = {
      key: '',
      id: crypto.randomUUID(),
      ownerId: user.id,
      kind: 'view' as const,
      linkId: null,
      at: Date.now() - 1000,
      visitor: 'c'.repeat(32),
      country: null,
      referrer: null,
      device: 'mobile' as const,
      channel: 'direct',
    };
    const [first, ...rest] = foldStatements(counts, [event]);
    await counts.batch([first!, ...rest]);
    expect(Object.values(await rowsOf(user)).every((n) => n === 0)).toBe(true);
  });

  it('leaves no row, KV key or R2 object of the user; the card answers 404 and its name stays held', async () => {
    const user: User = await registerUser();
    await enableTotp(user);
    await seedEverything(user);
    const before = await rowsOf(user);
    // The seed reaches every table of the registry, so "none left" below means something.
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);
    expect(await storageOf(user.id)).toEqual({ kv: 10, r2: expect.any(Number) });
    expect((await api(`/p/${user.username}`)).status).toBe(200);
    expect((await api('/v1/user/profile', { token: user.apiToken })).status).toBe(200);

    const res = await remove(user, {
      current_password: user.password,
      code: await nextCode(
        (await env.DB.prepare('SELECT secret FROM totp_factors WHERE user_id = ?')
          .bind(user.id)
          .first<{ secret: string }>())!.secret,
      ),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Your account has been deleted.' });

    expect(Object.values(await rowsOf(user)).every((n) => n === 0)).toBe(true);
    expect(await storageOf(user.id)).toEqual({ kv: 0, r2: 0 });
    expect((await api(`/p/${user.username}`)).status).toBe(404);
    expect((await api(`/v1/p/${user.username}`)).status).toBe(404);
    expect((await api('/v1/user/profile', { token: user.token })).status).toBe(401);
    // Its API tokens went with it.
    expect((await api('/v1/user/profile', { token: user.apiToken })).status).toBe(401);
    // Usernames are not recycled: the name stays held.
    const again = await post('/v1/auth/register', newAccount({ username: user.username }));
    expect(again.status).toBe(422);
    expect(again.body.errors.username).toEqual(['This username is already taken']);
  });

  it('refuses a wrong password or a missing second factor and deletes nothing', async () => {
    const user = await registerUser();
    const wrong = await remove(user, { current_password: 'not-my-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ['Your current password is incorrect'] });
    const empty = await remove(user, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors.current_password).toEqual(['Please enter your current password']);
    const { secret } = await enableTotp(user);
    const noCode = await remove(user, { current_password: user.password });
    expect(noCode.status).toBe(422);
    expect(noCode.body.errors).toEqual({ code: ['Enter the 6-digit code from your authenticator app'] });
    const badCode = await remove(user, { current_password: user.password, code: '000000' });
    expect(badCode.status).toBe(422);
    expect(Object.keys(badCode.body.errors)).toEqual(['code']);
    expect((await api(`/p/${user.username}`)).status).toBe(200);
    expect((await remove(user, { current_password: user.password, code: await nextCode(secret) })).status).toBe(200);
  });

  it('needs a signed-in user (nobody deletes anyone else)', async () => {
    const user = await registerUser();
    expect((await api('/v1/user', { method: 'DELETE', json: { current_password: user.password } })).status).toBe(401);
    expect((await api(`/p/${user.username}`)).status).toBe(200);
  });

  it('a crash halfway is finished by the cron: the card is gone at once, the rest on the retry', async () => {
    const user = await registerUser();
    await seedEverything(user);
    const db = createDb(env.DB);
    const crash = deleteAccount(db, env, user.id, (step) => {
      if (step === 'r2') throw new Error('injected crash');
    });
    await expect(crash).rejects.toThrow('injected crash');
    expect((await api(`/p/${user.username}`)).status).toBe(404);
    const tombstone = await env.DB.prepare('SELECT user_id FROM account_deletions WHERE user_id = ?')
      .bind(user.id)
      .first();
    expect(tombstone).not.toBeNull();
    expect((await rowsOf(user))['users.id/id']).toBe(1);

    expect(await finishPendingDeletions(db, env, Date.now() + 120_000)).toBeGreaterThanOrEqual(1);
    expect(Object.values(await rowsOf(user)).every((n) => n === 0)).toBe(true);
    expect(await storageOf(user.id)).toEqual({ kv: 0, r2: 0 });
    const left = await env.DB.prepare('SELECT count(*) AS n FROM account_deletions WHERE user_id = ?')
      .bind(user.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
