import { createDb } from '../../db/client';
import type { ShardId } from '../../lib/drain-message';
import { shardDb, shardsOfCards, type CountStores } from './counts';
import { LEGACY_PREFIX, parseListed, shardPrefix, SHARDS, type BufferedEvent } from './buffer';
import { foldStatements } from './fold';
import { KV_OPERATIONS_PER_INVOCATION } from './kv-meter';
import { foldCutoff } from './retention';

const PAGE = 1000;
type Statement = ReturnType<typeof foldStatements>[number];
const DELETE_CONCURRENCY = 50;

export const isShardId = (value: unknown): value is ShardId =>
  value === 'legacy' || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < SHARDS);

export const drainPrefix = (shard: ShardId) => (shard === 'legacy' ? LEGACY_PREFIX : shardPrefix(shard));

export type DrainOptions = {
  /** KV operations this drain may make; the invocation's whole allowance by default. */
  maxOperations?: number;
  /** The clock, for the fold window. */
  now?: number;
  /**
   * Test seam, not configuration: runs after a page is committed to D1 and before its KV
   * keys are deleted, so a test can make a drain die exactly there.
   */
  afterWrite?: (events: BufferedEvent[]) => Promise<void> | void;
};

export type DrainResult = {
  shard: ShardId;
  /** Events listed and written (a repeated one is written once and ignored after), orphans not included. */
  events: number;
  /** Keys that were not events of ours, deleted without being counted. */
  malformed: number;
  /** Events older than the fold window, deleted without being counted. */
  expired: number;
  /** Events of cards that no longer exist, deleted without being counted. */
  orphaned: number;
  pages: number;
  /** D1 statements executed (in one batch per page and counting database). */
  statements: number;
  /** D1's billed rows (index entries included), as its batch reports them. */
  rowsWritten: number;
  rowsRead: number;
  kvOperations: number;
  /** Time spent in D1 batches (the rest is KV list and deletes). */
  d1Ms: number;
  /** The oldest event listed (epoch ms), expired ones included: how far behind the drains are. */
  oldestAt: number | null;
  /** false: the budget ran out with events still buffered; the next tick continues. */
  complete: boolean;
};

async function deleteKeys(kv: KVNamespace, keys: string[]) {
  for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
    await Promise.all(keys.slice(i, i + DELETE_CONCURRENCY).map((key) => kv.delete(key)));
  }
}

/**
 * Folds one buffer shard's events into the counting databases, page by page: look up which
 * counting database each card of the page is counted in (one read of the accounts database),
 * commit the page's events of each database to its ledger and rollups in one batch (one
 * transaction per database, all at once), then delete the page's keys. Dying between the two leaves keys
 * that the next drain writes again and the ledger ignores; two drains of a shard at once write
 * the same ids and each id lands once. One list plus one delete per key, within the budget
 * (999 keys for 1,000 operations; a key holds one event, or several of one card,
 * batch-writer.ts). KV `list` is eventually consistent: a key it does not show yet is taken by a
 * later tick.
 */
export async function drainShard(
  env: CountStores,
  kv: KVNamespace,
  shard: ShardId,
  options: DrainOptions = {},
): Promise<DrainResult> {
  const result: DrainResult = {
    shard,
    events: 0,
    malformed: 0,
    expired: 0,
    orphaned: 0,
    pages: 0,
    statements: 0,
    rowsWritten: 0,
    rowsRead: 0,
    kvOperations: 0,
    d1Ms: 0,
    oldestAt: null,
    complete: false,
  };
  const cutoff = foldCutoff(options.now ?? Date.now());
  const accounts = createDb(env.DB);
  let budget = options.maxOperations ?? KV_OPERATIONS_PER_INVOCATION;
  let cursor: string | undefined;
  while (budget >= 2) {
    const page = await kv.list({ prefix: drainPrefix(shard), limit: Math.min(PAGE, budget - 1), cursor });
    budget -= 1;
    result.kvOperations += 1;
    result.pages += 1;
    const events: BufferedEvent[] = [];
    for (const key of page.keys) {
      const listed = parseListed(key);
      if (!listed) result.malformed += 1;
      for (const event of listed ?? []) {
        if (result.oldestAt === null || event.at < result.oldestAt) result.oldestAt = event.at;
        if (event.at < cutoff) result.expired += 1;
        else events.push(event);
      }
    }
    if (events.length > 0) {
      const shards = await shardsOfCards(
        accounts,
        events.map((event) => event.ownerId),
      );
      const byShard = new Map<number, BufferedEvent[]>();
      for (const event of events) {
        const shard = shards.get(event.ownerId);
        if (shard === undefined) result.orphaned += 1;
        else if (byShard.has(shard)) byShard.get(shard)!.push(event);
        else byShard.set(shard, [event]);
      }
      const started = Date.now();
      const written = await Promise.all(
        [...byShard].map(async ([shard, ofShard]) => {
          const orm = shardDb(env, shard);
          const statements = foldStatements(orm, ofShard);
          // Never empty: a shard's share of a page has at least one chunk.
          return { statements, results: await orm.batch(statements as [Statement, ...Statement[]]) };
        }),
      );
      result.d1Ms += Date.now() - started;
      for (const { statements, results } of written) {
        for (const { meta } of results) {
          result.rowsWritten += meta.rows_written ?? 0;
          result.rowsRead += meta.rows_read ?? 0;
        }
        result.statements += statements.length;
      }
      for (const ofShard of byShard.values()) result.events += ofShard.length;
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
