import { sql } from 'drizzle-orm';
import { createDb } from '../db/client';
import type { Bindings } from '../env';
import { countBinding, countDatabase, countShards } from '../lib/count-shards';

/**
 * Whether each part of the platform answers (docs/decisions/0090): every D1 database (the
 * accounts database and each counting database), the KV buffer, the R2 bucket and the drain
 * queue, each with the cheapest call it has. Nothing read is anyone's data: the migration
 * table, a key and an object that never exist, the queue's backlog.
 */

/** A part that does not answer within this long is failing: a monitor must not hang on it. */
export const PROBE_TIMEOUT_MS = 5_000;

export type Database = { binding: string; d1: D1Database | undefined };

/**
 * The accounts database, then the counting databases COUNTS_0 … up to the highest bound
 * (lib/count-shards.ts). One missing below the highest (a config with a gap, which the deploy's
 * checks refuse but a hand-edited one may have) is listed too: its cards' statistics cannot be
 * read, so it fails its probe by name rather than being left out.
 */
export function everyDatabase(env: Bindings): Database[] {
  const bound = countShards(env).length;
  let highest = bound - 1;
  for (let n = bound + 1; n < bound + 64; n++) if (env[countBinding(n)] !== undefined) highest = n;
  const counting = Array.from({ length: highest + 1 }, (_, shard) => ({
    binding: countBinding(shard),
    d1: (() => {
      try {
        return countDatabase(env, shard);
      } catch {
        // A binding missing from the deployed config: that database fails its probe, by name.
        return undefined;
      }
    })(),
  }));
  return [{ binding: 'DB', d1: env.DB }, ...counting];
}

function withinTime<T>(part: string, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${part} did not answer within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
  });
  return Promise.race([work(), late]).finally(() => clearTimeout(timer));
}

export type DatabaseProbe = { binding: string; migration: string | null; sizeBytes: number };

/**
 * One statement on the database: the last migration wrangler applied (its `d1_migrations`
 * table), and from D1's answer the database's size (`size_after`, D1's figure for what it bills
 * and caps at 10 GB). A database never migrated fails, since no route of ours could use it.
 */
export async function probeDatabase({ binding, d1 }: Database): Promise<DatabaseProbe> {
  if (!d1) throw new Error(`the binding ${binding} is missing`);
  const result = await withinTime(binding, () =>
    createDb(d1).run(sql`SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1`),
  );
  const rows = (result.results ?? []) as { name?: unknown }[];
  const name = rows[0]?.name;
  return { binding, migration: typeof name === 'string' ? name : null, sizeBytes: result.meta.size_after ?? 0 };
}

/** The drain queue's backlog; null where the runtime's queue binding cannot tell. */
export async function queueBacklog(
  queue: Queue<unknown>,
): Promise<{ messages: number; oldestAt: number | null } | null> {
  if (typeof queue.metrics !== 'function') return null;
  const metrics = await withinTime('queue', () => queue.metrics());
  return { messages: metrics.backlogCount, oldestAt: metrics.oldestMessageTimestamp?.getTime() ?? null };
}

export type Failure = { part: string; error: unknown };
export type Health = { parts: Record<string, 'ok' | 'failing'>; failures: Failure[] };

/** Every part probed at once; answers each part's state and what failed, with why (for the log only). */
export async function checkHealth(env: Bindings): Promise<Health> {
  const probes: [string, () => Promise<unknown>][] = [
    ...everyDatabase(env).map((database): [string, () => Promise<unknown>] => [
      database.binding,
      () => probeDatabase(database),
    ]),
    ['KV', () => withinTime('KV', () => env.EVENTS.get('health:probe'))],
    ['R2', () => withinTime('R2', () => env.MEDIA.head('health/probe'))],
    [
      'queue',
      async () => {
        if ((await queueBacklog(env.DRAINS)) === null) throw new Error('the queue binding has no metrics()');
      },
    ],
  ];
  const settled = await Promise.allSettled(probes.map(([, probe]) => probe()));
  const parts: Health['parts'] = {};
  const failures: Failure[] = [];
  settled.forEach((result, i) => {
    const part = probes[i]![0];
    parts[part] = result.status === 'fulfilled' ? 'ok' : 'failing';
    if (result.status === 'rejected') failures.push({ part, error: result.reason });
  });
  return { parts, failures };
}

/** The last migration applied to each database, by binding (what `GET /v1/version` calls the schema level). */
export async function schemaLevels(env: Bindings): Promise<Record<string, string | null>> {
  const probes = await Promise.all(everyDatabase(env).map(probeDatabase));
  return Object.fromEntries(probes.map((probe) => [probe.binding, probe.migration]));
}
