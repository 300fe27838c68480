import { createDb } from '../../db/client';
import type { ShardId } from '../../lib/drain-message';
import { LEGACY_PREFIX, parseListed, shardPrefix, SHARDS, type BufferedEvent } from './buffer';
import { foldStatements } from './fold';
import { KV_OPERATIONS_PER_INVOCATION } from './kv-meter';
import { retentionCutoff } from './retention';

const PAGE = 1000;
type Statement = ReturnType<typeof foldStatements>[number];
const DELETE_CONCURRENCY = 50;

export const isShardId = (value: unknown): value is ShardId =>
  value === 'legacy' || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < SHARDS);

export const drainPrefix = (shard: ShardId) => (shard === 'legacy' ? LEGACY_PREFIX : shardPrefix(shard));

export type DrainOptions = {
  /** KV operations this drain may make; the invocation's whole allowance by default. */
  maxOperations?: number;
  /** The clock, for the retention window. */
  now?: number;
  /**
   * Test seam, not configuration: runs after a page is committed to D1 and before its KV
   * keys are deleted, so a test can make a drain die exactly there.
   */
  afterWrite?: (events: BufferedEvent[]) => Promise<void> | void;
};

export type DrainResult = {
  shard: ShardId;
  /** Events listed and written (a repeated one is written once and ignored after). */
  events: number;
  /** Keys that were not events of ours, deleted without being counted. */
  malformed: number;
  /** Events older than the retention window, deleted without being counted. */
  expired: number;
  pages: number;
  /** D1 statements executed (in one batch per page). */
  statements: number;
  /** D1's billed rows (index entries included), as its batch reports them. */
  rowsWritten: number;
  rowsRead: number;
  kvOperations: number;
  /** Time spent in D1 batches (the rest is KV list and deletes). */
  d1Ms: number;
  /** false: the budget ran out with events still buffered; the next tick continues. */
  complete: boolean;
};

async function deleteKeys(kv: KVNamespace, keys: string[]) {
  for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
    await Promise.all(keys.slice(i, i + DELETE_CONCURRENCY).map((key) => kv.delete(key)));
  }
}

/**
 * Folds one shard's buffered events into D1, page by page: commit the page to the ledger,
 * counters and rollups in one batch, then delete its keys. Dying between the two leaves keys
 * that the next drain writes again and the ledger ignores; two drains of a shard at once write
 * the same ids and each id lands once. One list plus one delete per event, within the budget
 * (999 events for 1,000 operations). KV `list` is eventually consistent: a key it does not
 * show yet is taken by a later tick.
 */
export async function drainShard(
  db: D1Database,
  kv: KVNamespace,
  shard: ShardId,
  options: DrainOptions = {},
): Promise<DrainResult> {
  const result: DrainResult = {
    shard,
    events: 0,
    malformed: 0,
    expired: 0,
    pages: 0,
    statements: 0,
    rowsWritten: 0,
    rowsRead: 0,
    kvOperations: 0,
    d1Ms: 0,
    complete: false,
  };
  const cutoff = retentionCutoff(options.now ?? Date.now());
  const orm = createDb(db);
  let budget = options.maxOperations ?? KV_OPERATIONS_PER_INVOCATION;
  let cursor: string | undefined;
  while (budget >= 2) {
    const page = await kv.list({ prefix: drainPrefix(shard), limit: Math.min(PAGE, budget - 1), cursor });
    budget -= 1;
    result.kvOperations += 1;
    result.pages += 1;
    const events: BufferedEvent[] = [];
    for (const key of page.keys) {
      const event = parseListed(key);
      if (!event) result.malformed += 1;
      else if (event.at < cutoff) result.expired += 1;
      else events.push(event);
    }
    if (events.length > 0) {
      const statements = foldStatements(orm, events);
      const started = Date.now();
      // Never empty: a page with events has at least one chunk.
      const results = await orm.batch(statements as [Statement, ...Statement[]]);
      result.d1Ms += Date.now() - started;
      for (const { meta } of results) {
        result.rowsWritten += meta.rows_written ?? 0;
        result.rowsRead += meta.rows_read ?? 0;
      }
      result.statements += statements.length;
      result.events += events.length;
      await options.afterWrite?.(events);
    }
    await deleteKeys(
      kv,
      page.keys.map((key) => key.name),
    );
    budget -= page.keys.length;
    result.kvOperations += page.keys.length;
    if (page.list_complete) {
      result.complete = true;
      break;
    }
    cursor = page.cursor;
  }
  return result;
}
