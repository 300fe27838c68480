import { inArray, lt } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { events } from '../../db/schema';
import { DAY_MS } from './rollup-sql';

/**
 * Raw events are kept this many UTC days, today included (README, Decisions: rollups and
 * retention). The statistics read the daily rollups; the ledger only has to remember which
 * event ids were folded (so a replayed event counts once) and who was seen on a day (so a
 * visitor counts once a day). An event older than this can no longer be checked against it,
 * so a drain drops it rather than risk counting it twice: only a backlog this old would.
 */
export const RETENTION_DAYS = 35;
/** Ledger rows deleted per statement, and statements per cron tick (up to 50,000 rows a minute). */
const PRUNE_CHUNK = 5_000;
const PRUNE_CHUNKS_PER_TICK = 10;

/** The first instant whose events are still kept. */
export const retentionCutoff = (now: number, days = RETENTION_DAYS) => (Math.floor(now / DAY_MS) - days + 1) * DAY_MS;

/**
 * Deletes ledger rows older than the retention window, in bounded chunks (index on `at`),
 * stopping after a tick's share; the next tick goes on. Answers how many went.
 */
export async function pruneLedger(db: D1Database, now = Date.now(), days = RETENTION_DAYS): Promise<number> {
  const cutoff = retentionCutoff(now, days);
  const orm = createDb(db);
  const oldest = orm.select({ id: events.id }).from(events).where(lt(events.at, cutoff)).limit(PRUNE_CHUNK);
  let deleted = 0;
  for (let i = 0; i < PRUNE_CHUNKS_PER_TICK; i++) {
    const result = await orm.delete(events).where(inArray(events.id, oldest)).run();
    deleted += result.meta.changes;
    if (result.meta.changes < PRUNE_CHUNK) break;
  }
  return deleted;
}
