import { eq, inArray, sql } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { dailyLinkClicks, cards } from '../../db/schema';
import type { Bindings, CountBindings, Db } from '../../env';
import { countDatabase, countShards } from '../../lib/count-shards';
import { bufferedJson, freshCte } from './pending';

/**
 * Where a card's views and clicks are counted (docs/decisions/0071): the accounts database
 * names the shard (`cards.count_shard`), the shard's database holds the ledger and the
 * rollups. Every reader of counting data comes through here.
 */
export type CountStores = Pick<Bindings, 'DB'> & CountBindings;

/** The drizzle database over one shard (the primary: counting reads are the owner's own). */
export const shardDb = (env: CountBindings, shard: number): Db => createDb(countDatabase(env, shard));

/** Every configured shard's database (the bindings present), for deleting an account. */
export const everyShard = (env: CountBindings) =>
  countShards(env).map((shard) => ({ shard, d1: countDatabase(env, shard), db: shardDb(env, shard) }));

/** The card's shard; 0 for a card that no longer exists (nothing is counted for it anywhere else). */
export async function shardOfCard(db: Db, userId: string): Promise<number> {
  const row = await db.select({ shard: cards.countShard }).from(cards).where(eq(cards.id, userId)).get();
  return row?.shard ?? 0;
}

/** The database the card's counting data lives in. */
export async function cardCounts(env: CountBindings, db: Db, userId: string): Promise<Db> {
  return shardDb(env, await shardOfCard(db, userId));
}

/**
 * The shards of the cards that still exist among `userIds`, in one read of the accounts
 * database: a card deleted meanwhile is missing, and its events are not counted.
 */
export async function shardsOfCards(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  // One JSON parameter: a page names up to a thousand cards, more than SQLite's bound-variable limit.
  const rows = await db
    .select({ userId: cards.id, shard: cards.countShard })
    .from(cards)
    .where(inArray(cards.id, sql`(SELECT value FROM json_each(${JSON.stringify(unique)}))`))
    .all();
  return new Map(rows.map((row) => [row.userId, row.shard]));
}

/**
 * Each link's clicks as its `clicks` field shows them: what the link counted before the counting
 * databases (`links.clicks`, no longer written) plus its daily rollups in the card's database and
 * its clicks still buffered, as the statistics and the profile's views read them (pending.ts), so
 * a click shows on the Links screen and in the export as soon as it shows in the statistics.
 */
export async function withClicks<T extends { id: number; clicks: number }>(
  env: CountBindings & Pick<Bindings, 'EVENTS'>,
  db: Db,
  userId: string,
  rows: T[],
): Promise<T[]> {
  if (rows.length === 0) return rows;
  const [counts, json] = await Promise.all([cardCounts(env, db, userId), bufferedJson(env.EVENTS, userId)]);
  const sums = await counts.all<{ link_id: number; clicks: number }>(
    sql`${freshCte(json, userId)} SELECT link_id, sum(clicks) AS clicks FROM (
      SELECT ${dailyLinkClicks.linkId} AS link_id, ${dailyLinkClicks.clicks} AS clicks FROM ${dailyLinkClicks}
      WHERE ${dailyLinkClicks.userId} = ${userId}
      UNION ALL SELECT link_id, 1 FROM fresh WHERE kind = 'click'
    ) GROUP BY link_id`,
  );
  const counted = new Map(sums.map((row) => [row.link_id, row.clicks]));
  return rows.map((row) => ({ ...row, clicks: row.clicks + (counted.get(row.id) ?? 0) }));
}
