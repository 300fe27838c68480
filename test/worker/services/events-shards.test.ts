import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { countDatabase, countShards, shardForNewCard } from '../../../worker/lib/count-shards';
import { type Owner, createCard } from '../page-helpers';
import { COUNT_TABLES } from '../../../worker/services/account-data/registry';
import { api } from '../helpers';
import { click, flushAll, stats, view, visitor } from './events-helpers';

// The counting databases (docs/decisions/0071): a card's ledger and rollups live in the shard its
// profile names, and only there.

const shardOf = async (owner: Owner) =>
  (await env.DB.prepare('SELECT count_shard AS shard FROM profiles WHERE user_id = ?')
    .bind(owner.id)
    .first<{ shard: number }>())!.shard;

/** The card's rollup rows in each shard, views and clicks summed. */
async function rowsPerShard(owner: Owner) {
  return Promise.all(
    countShards(env).map(async (shard) =>
      countDatabase(env, shard)
        .prepare(
          'SELECT count(*) AS n, coalesce(sum(views), 0) AS views, coalesce(sum(clicks), 0) AS clicks FROM daily_stats WHERE user_id = ?',
        )
        .bind(owner.id)
        .first<{ n: number; views: number; clicks: number }>(),
    ),
  );
}

/** Creates cards until one lands in a shard other than `not`'s. */
async function cardOutside(not: number) {
  for (let i = 0; i < 40; i++) {
    const card = await createCard({ links: 1 });
    if ((await shardOf(card)) !== not) return card;
  }
  throw new Error('every card landed in one shard');
}

/** The owner's rows in each counting table of each shard, as `shard:table` → count (zeros left out). */
async function countRowsOf(ownerId: string) {
  const found: Record<string, number> = {};
  for (const shard of countShards(env)) {
    for (const { table, column } of COUNT_TABLES) {
      const row = await countDatabase(env, shard)
        .prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`)
        .bind(ownerId)
        .first<{ n: number }>();
      if (row?.n) found[`${shard}:${table}`] = row.n;
    }
  }
  return found;
}

describe('the counting databases', { timeout: 120_000 }, () => {
  it('spread new cards over every shard by their id', () => {
    // Ids as random as crypto.randomUUID's, from a fixed seed: with fresh random ids some shard
    // fell under the bar about once in a hundred runs, by chance alone.
    let seed = 0x2f6b1d3;
    const hex = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0).toString(16).padStart(8, '0');
    };
    const id = () => {
      const h = hex() + hex() + hex() + hex();
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    };
    const shards = countShards(env).length;
    const counts = new Array<number>(shards).fill(0);
    for (let i = 0; i < 4000; i++) counts[shardForNewCard(id(), shards)]! += 1;
    for (const n of counts) expect(n / 4000).toBeGreaterThan(0.8 / shards);
    expect(shards).toBeGreaterThan(1);
  });

  it('give a sign-up the shard of its id, and fold each card of one page into its own shard only', async () => {
    const a = await createCard({ links: 1 });
    expect(await shardOf(a)).toBe(shardForNewCard(a.id, countShards(env).length));
    const b = await cardOutside(await shardOf(a));
    for (const [owner, views] of [
      [a, 3],
      [b, 5],
    ] as const) {
      for (let i = 0; i < views; i++) expect(await view(owner.username, visitor(i))).toBe(200);
      expect(await click(owner.linkIds[0]!, visitor(0))).toBe(204);
    }
    await flushAll();
    for (const [owner, views] of [
      [a, 3],
      [b, 5],
    ] as const) {
      const shard = await shardOf(owner);
      const rows = await rowsPerShard(owner);
      expect(rows[shard]).toEqual({ n: 1, views, clicks: 1 });
      expect(rows.filter((_, i) => i !== shard).every((row) => row?.n === 0)).toBe(true);
      expect(await stats(owner.token)).toMatchObject({ profile_views: views, link_clicks: 1, unique_visitors: views });
    }
    // The accounts database holds no counting row of either.
    const left = await env.DB.prepare('SELECT count(*) AS n FROM daily_stats WHERE user_id IN (?, ?)')
      .bind(a.id, b.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it('keep a card where it was counted when the shard count changes: its shard is its profile’s, not a hash of today’s N', async () => {
    const card = await createCard({ links: 1 });
    for (let i = 0; i < 4; i++) await view(card.username, visitor(i));
    await flushAll();
    const before = await stats(card.token);
    // New events join the old ones in the shard the card was counted in.
    const stored = await shardOf(card);
    for (let i = 4; i < 6; i++) await view(card.username, visitor(i));
    await flushAll();
    const after = await stats(card.token);
    expect(before.profile_views).toBe(4);
    expect(after.profile_views).toBe(6);
    expect((await rowsPerShard(card))[stored]).toMatchObject({ views: 6 });
    // As after adding shards: a card whose profile names another shard than the hash of its id
    // under today's N (it was chosen under another N) is read and written there, and only there.
    const moved = await createCard({ links: 1 });
    const shards = countShards(env).length;
    const elsewhere = (shardForNewCard(moved.id, shards) + 1) % shards;
    await env.DB.prepare('UPDATE profiles SET count_shard = ? WHERE user_id = ?').bind(elsewhere, moved.id).run();
    for (let i = 0; i < 3; i++) await view(moved.username, visitor(i));
    await flushAll();
    const rows = await rowsPerShard(moved);
    expect(rows[elsewhere]).toMatchObject({ views: 3 });
    expect(rows[shardForNewCard(moved.id, shards)]).toMatchObject({ n: 0 });
    expect(await stats(moved.token)).toMatchObject({ profile_views: 3 });
    expect((await api('/v1/user/profile', { token: moved.token })).body.data.views).toBe(3);
  });

  it('delete one account’s rows from every counting database, and no other account’s, even in its shard', async () => {
    const a = await createCard({ links: 1 });
    // A card that signed up into A's database (one in N do; placed there rather than waited for).
    const neighbour = await createCard({ links: 1 });
    await env.DB.prepare('UPDATE profiles SET count_shard = ? WHERE user_id = ?')
      .bind(await shardOf(a), neighbour.id)
      .run();
    const far = await cardOutside(await shardOf(a));
    expect(await shardOf(neighbour)).toBe(await shardOf(a));
    for (const owner of [a, neighbour, far]) {
      for (let i = 0; i < 2; i++) expect(await view(owner.username, visitor(i))).toBe(200);
      expect(await click(owner.linkIds[0]!, visitor(0))).toBe(204);
    }
    await flushAll();
    const [neighbourRows, farRows] = [await countRowsOf(neighbour.id), await countRowsOf(far.id)];
    expect(Object.keys(await countRowsOf(a.id)).length).toBeGreaterThan(0);
    expect(Object.keys(neighbourRows).length).toBeGreaterThan(0);
    expect(Object.keys(farRows).length).toBeGreaterThan(0);

    const res = await api('/v1/user', { method: 'DELETE', token: a.token, json: { current_password: a.password } });
    expect(res.status).toBe(200);
    expect(await countRowsOf(a.id)).toEqual({});
    expect(await countRowsOf(neighbour.id)).toEqual(neighbourRows);
    expect(await countRowsOf(far.id)).toEqual(farRows);
    expect(await stats(neighbour.token)).toMatchObject({ profile_views: 2, link_clicks: 1 });
    expect(await stats(far.token)).toMatchObject({ profile_views: 2, link_clicks: 1 });
  });
});
