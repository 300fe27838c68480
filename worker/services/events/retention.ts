import { inArray, lt, sql } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { deletedCards } from '../../db/counts-schema';
import { events, seenEvents, seenVisitors } from '../../db/schema';
import type { CountBindings } from '../../env';
import { everyShard } from './counts';
import { DAY_MS, HOUR_MS } from './ledger-sql';

/**
 * How late an event may still be folded (docs/decisions/0072): a drain takes an event buffered
 * at most this long ago and drops an older one (counted as `expired`) rather than risk counting
 * it twice, since the ledger may have forgotten its id. Drains run every minute and retry within
 * minutes; only an outage of the drains this long loses events.
 */
export const FOLD_WINDOW_MS = 6 * HOUR_MS;
/**
 * How much longer the ledger keeps what a drain may still ask: longer than a drain can run (a
 * queue invocation's 15 minutes of wall time), so a drain that checked an event's age before a
 * prune still finds its id and its visitor after it.
 */
export const PRUNE_MARGIN_MS = HOUR_MS;
/** Rows deleted per statement, and statements per table per visit of the cron. */
export const PRUNE_CHUNK = 5_000;
export const PRUNE_CHUNKS_PER_TICK = 10;

/** The first instant whose events a drain still folds. */
export const foldCutoff = (now: number) => now - FOLD_WINDOW_MS;
/** The instant before which the ledger forgets: no drain folds an event older than it. */
export const forgetBefore = (now: number) => now - FOLD_WINDOW_MS - PRUNE_MARGIN_MS;

/** Runs `statement` until it deletes less than a chunk, at most `chunks` times; answers the rows deleted. */
async function inChunks(statement: () => Promise<D1Result>, chunk: number, chunks: number): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < chunks; i++) {
    const { meta } = await statement();
    deleted += meta.changes;
    if (meta.changes < chunk) break;
  }
  return deleted;
}

/**
 * The cron's part: deletes the ids of hours and the visitors of days that no drain can fold an
 * event of any more, and what is left of the ledger of before (whose every row is older than
 * the window once it is a window old). Whole hours and days, in bounded chunks: the next tick
 * goes on. Answers how many rows went.
 */
export async function pruneLedger(
  db: D1Database,
  now = Date.now(),
  { chunk = PRUNE_CHUNK, chunks = PRUNE_CHUNKS_PER_TICK } = {},
): Promise<number> {
  const before = forgetBefore(now);
  // Hour h's events are all older than `before` once (h + 1) * HOUR_MS <= before; days likewise.
  const lastHour = Math.floor(before / HOUR_MS);
  const lastDay = Math.floor(before / DAY_MS);
  const orm = createDb(db);
  // Primary-key ranges: the oldest rows come first in key order, so a chunk is a range scan.
  const CHUNK = sql.raw(String(chunk));
  const old = orm.select({ id: events.id }).from(events).where(lt(events.at, before)).limit(chunk);
  const counts = await Promise.all([
    inChunks(
      () =>
        orm.run(sql`DELETE FROM ${seenEvents} WHERE (hour, id) IN
        (SELECT hour, id FROM ${seenEvents} WHERE ${seenEvents.hour} < ${lastHour} LIMIT ${CHUNK})`),
      chunk,
      chunks,
    ),
    inChunks(
      () =>
        orm.run(sql`DELETE FROM ${seenVisitors} WHERE (day, visitor) IN
        (SELECT day, visitor FROM ${seenVisitors} WHERE ${seenVisitors.day} < ${lastDay} LIMIT ${CHUNK})`),
      chunk,
      chunks,
    ),
    inChunks(() => orm.delete(events).where(inArray(events.id, old)).run(), chunk, chunks),
  ]);
  return counts.reduce((sum, n) => sum + n, 0);
}

/**
 * One counting database's ledger and its tombstones of deleted cards (kept as long as a drain
 * may fold an event of theirs). At most 1 + 3 x `chunks` D1 queries.
 */
export async function pruneShard(d1: D1Database, now = Date.now(), options?: { chunk?: number; chunks?: number }) {
  const { meta } = await createDb(d1)
    .delete(deletedCards)
    .where(lt(deletedCards.deletedAt, forgetBefore(now)))
    .run();
  return (await pruneLedger(d1, now, options)) + meta.changes;
}

/**
 * Every database that counts at once: each configured counting database, and the accounts
 * database's ledger of before the shards, which only empties (docs/decisions/0071). The cron
 * visits one database a turn instead (worker/jobs.ts); this is the whole of it, for the tests.
 */
export async function pruneCounting(env: CountBindings & { DB: D1Database }, now = Date.now()): Promise<number> {
  const counts = await Promise.all([pruneLedger(env.DB, now), ...everyShard(env).map(({ d1 }) => pruneShard(d1, now))]);
  return counts.reduce((sum, n) => sum + n, 0);
}
