import type { DrainMessage, ShardId } from '../../lib/drain-message';
import { LEGACY_PREFIX, SHARD_ROOT, shardPrefix, SHARDS } from './buffer';
import { drainShard, isShardId, type DrainResult } from './drain';
import { KV_OPERATIONS_PER_INVOCATION, meterKv } from './kv-meter';

const DISCOVERY_PAGE = 1000;
const SEND_BATCH = 100;

/**
 * Which shards hold events, for one KV list: the first page of the whole buffer, sorted by
 * key. When it is the whole buffer, the shards seen are the non-empty ones; otherwise those
 * seen plus every shard sorting after the last one seen (and the older, unsharded keys, which
 * sort after them all) may hold more. An idle buffer costs this one list a minute.
 */
export async function nonEmptyShards(kv: KVNamespace): Promise<ShardId[]> {
  const page = await kv.list({ prefix: SHARD_ROOT, limit: DISCOVERY_PAGE });
  const seen = new Set<ShardId>();
  for (const { name } of page.keys) {
    if (name.startsWith(LEGACY_PREFIX)) seen.add('legacy');
    const shard = /^e:(\d{1,4}):/.exec(name)?.[1];
    if (shard !== undefined && isShardId(Number(shard))) seen.add(Number(shard));
  }
  if (!page.list_complete) {
    seen.add('legacy');
    const last = /^e:(\d{1,4}):/.exec(page.keys.at(-1)?.name ?? '')?.[1];
    if (last !== undefined) {
      for (let shard = 0; shard < SHARDS; shard++) if (shardPrefix(shard) >= shardPrefix(Number(last))) seen.add(shard);
    }
  }
  return [...seen];
}

/** The cron's part: one `drain` message per non-empty shard. Answers the shards sent. */
export async function startDrains(kv: KVNamespace, queue: Queue<DrainMessage>): Promise<ShardId[]> {
  const shards = await nonEmptyShards(kv);
  for (let i = 0; i < shards.length; i += SEND_BATCH) {
    await queue.sendBatch(shards.slice(i, i + SEND_BATCH).map((shard) => ({ body: { shard } })));
  }
  return shards;
}

/**
 * The queue consumer: each message drains its shard through the KV meter, so no invocation
 * exceeds the allowance (the queue delivers one message per invocation, wrangler.toml). A
 * message that is not ours is acknowledged and dropped.
 */
export async function drainMessages(
  batch: MessageBatch<unknown>,
  db: D1Database,
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
    const result = await drainShard(db, metered.kv, shard, {
      maxOperations: KV_OPERATIONS_PER_INVOCATION - metered.used(),
    });
    results.push({ ...result, kvOperations: metered.used() });
    message.ack();
  }
  return results;
}
