import type { DrainMessage, ShardId } from '../../lib/drain-message';
import { LEGACY_PREFIX, parseListed, SHARD_ROOT, shardPrefix, SHARDS } from './buffer';
import type { CountStores } from './counts';
import { drainShard, isShardId, type DrainResult } from './drain';
import { KV_OPERATIONS_PER_INVOCATION, meterKv } from './kv-meter';

const DISCOVERY_PAGE = 1000;
const SEND_BATCH = 100;

/** What one KV list of the buffer's first page says: which shards hold events, and how old the oldest is. */
export type BufferGlance = {
  shards: ShardId[];
  /** Shards with a key on the page (`shards` adds those after it that may hold more). */
  seen: number;
  /** Keys on the page (a key holds one event, or several of one card). */
  keys: number;
  events: number;
  /** false: the buffer holds more keys than the page (DISCOVERY_PAGE). */
  complete: boolean;
  /** The oldest event on the page (epoch ms), null when it holds none. */
  oldestAt: number | null;
};

/**
 * Which shards hold events, for one KV list: the first page of the whole buffer, sorted by
 * key. When it is the whole buffer, the shards seen are the non-empty ones; otherwise those
 * seen plus every shard sorting after the last one seen (and the older, unsharded keys, which
 * sort after them all) may hold more. An idle buffer costs this one list a minute. The same
 * page's metadata says how many events wait and how old the oldest is (the drains' lag; the
 * whole buffer's when it fits the page).
 */
export async function glanceAtBuffer(kv: KVNamespace): Promise<BufferGlance> {
  const page = await kv.list({ prefix: SHARD_ROOT, limit: DISCOVERY_PAGE });
  const seen = new Set<ShardId>();
  let events = 0;
  let oldestAt: number | null = null;
  for (const key of page.keys) {
    const { name } = key;
    if (name.startsWith(LEGACY_PREFIX)) seen.add('legacy');
    const shard = /^e:(\d{1,4}):/.exec(name)?.[1];
    if (shard !== undefined && isShardId(Number(shard))) seen.add(Number(shard));
    for (const event of parseListed(key) ?? []) {
      events += 1;
      if (oldestAt === null || event.at < oldestAt) oldestAt = event.at;
    }
  }
  const seenOnPage = seen.size;
  if (!page.list_complete) {
    seen.add('legacy');
    const last = /^e:(\d{1,4}):/.exec(page.keys.at(-1)?.name ?? '')?.[1];
    if (last !== undefined) {
      for (let shard = 0; shard < SHARDS; shard++) if (shardPrefix(shard) >= shardPrefix(Number(last))) seen.add(shard);
    }
  }
  return {
    shards: [...seen],
    seen: seenOnPage,
    keys: page.keys.length,
    events,
    complete: page.list_complete,
    oldestAt,
  };
}

/** The cron's part: one `drain` message per non-empty shard. Answers what the buffer's first page showed. */
export async function startDrains(kv: KVNamespace, queue: Queue<DrainMessage>): Promise<BufferGlance> {
  const glance = await glanceAtBuffer(kv);
  const { shards } = glance;
  for (let i = 0; i < shards.length; i += SEND_BATCH) {
    await queue.sendBatch(shards.slice(i, i + SEND_BATCH).map((shard) => ({ body: { shard } })));
  }
  return glance;
}

/**
 * The queue consumer: each message drains its shard through the KV meter, so no invocation
 * exceeds the allowance (the queue delivers one message per invocation, wrangler.toml). A
 * message that is not ours is acknowledged and dropped.
 */
export async function drainMessages(
  batch: MessageBatch<unknown>,
  env: CountStores,
  kv: KVNamespace,
): Promise<DrainResult[]> {
  const metered = meterKv(kv);
  const results: DrainResult[] = [];
  for (const message of batch.messages) {
    const shard = (message.body as Partial<DrainMessage> | null)?.shard;
    if (!isShardId(shard)) {
      message.ack();
      continue;
    }
    const result = await drainShard(env, metered.kv, shard, {
      maxOperations: KV_OPERATIONS_PER_INVOCATION - metered.used(),
    });
    results.push({ ...result, kvOperations: metered.used() });
    message.ack();
  }
  return results;
}
