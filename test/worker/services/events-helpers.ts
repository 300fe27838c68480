import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { vi } from 'vitest';
import { statsSchema } from '@shared/schemas/stats';
import worker from '../../../worker/index';
import { ownerPrefixes, parseListed, SHARDS } from '../../../worker/services/events/buffer';
import type { ShardId } from '../../../worker/lib/drain-message';
import { drainShard, type DrainOptions, type DrainResult } from '../../../worker/services/events/drain';
import { createDb } from '../../../worker/db/client';
import { countDatabase, countShards } from '../../../worker/lib/count-shards';
import { turnOf, type Turn } from '../../../worker/jobs';
import { api, ORIGIN } from '../helpers';

// Real browsers' user agents: the device classes the statistics break down.
export const UA = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
} as const;
const AGENTS = Object.values(UA);

/** Visitor i: its own address and one of the browsers; the same i is the same visitor. */
export const visitor = (i: number): Record<string, string> => ({
  'CF-Connecting-IP': `203.0.113.${i}`,
  'User-Agent': AGENTS[i % AGENTS.length]!,
});

/**
 * Visitor `n`'s hash on a card, for events written straight into the buffer: like the real
 * hash (visitor-hash.ts), it differs from card to card, so the ledger's visitors of a day need
 * no owner column.
 */
export const cardVisitor = (ownerId: string, n: number) =>
  `${ownerId.replace(/-/g, '').slice(0, 24)}${n.toString(16).padStart(8, '0')}`;

/** A visitor opening the card (GET /v1/p/{username}); answers the status. */
export async function view(
  username: string,
  headers: Record<string, string>,
  init: { query?: string; country?: string } = {},
) {
  // Cloudflare's edge sets request.cf.country; the test pool lets a request carry it.
  const cf = init.country ? ({ country: init.country } as unknown as CfProperties) : undefined;
  const res = await SELF.fetch(`${ORIGIN}/v1/p/${username}${init.query ?? ''}`, { headers, cf });
  await res.arrayBuffer();
  return res.status;
}

/** A visitor's click report (GET /v1/link/{id}/click, the island's); answers the status. */
export async function click(linkId: number, headers: Record<string, string>) {
  const res = await SELF.fetch(`${ORIGIN}/v1/link/${linkId}/click`, { headers });
  await res.arrayBuffer();
  return res.status;
}

export const ALL_SHARDS: ShardId[] = [...Array.from({ length: SHARDS }, (_, i) => i), 'legacy'];

export type Totals = Pick<DrainResult, 'events' | 'malformed' | 'expired' | 'orphaned' | 'pages' | 'kvOperations'> & {
  complete: boolean;
};

/** One drain of every shard, called directly and one after the other (as the queue would run them); the totals. */
export async function flush(options?: DrainOptions): Promise<Totals> {
  const totals: Totals = {
    events: 0,
    malformed: 0,
    expired: 0,
    orphaned: 0,
    pages: 0,
    kvOperations: 0,
    complete: true,
  };
  for (const shard of ALL_SHARDS) {
    const r = await drainShard(env, env.EVENTS, shard, options);
    totals.events += r.events;
    totals.malformed += r.malformed;
    totals.expired += r.expired;
    totals.orphaned += r.orphaned;
    totals.pages += r.pages;
    totals.kvOperations += r.kvOperations;
    totals.complete &&= r.complete;
  }
  return totals;
}

/** Drains until the buffer is empty (a drain stops at its KV operation budget). */
export async function flushAll(options?: DrainOptions) {
  for (let run = 0; run < 100; run++) if ((await flush(options)).complete) return run + 1;
  throw new Error('the buffer did not drain');
}

type Logged = { job?: string; drains?: ShardId[]; drain?: DrainResult };

/** The next minute, from now, whose turn is `job` (worker/jobs.ts: the cron's jobs take turns). */
export function minuteOf(job: Turn['job']) {
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  for (let minute = 0; minute < 60; minute++) {
    if (turnOf(now + minute * 60_000, countShards(env).length).job === job) return now + minute * 60_000;
  }
  throw new Error(`no ${job} turn within the hour`);
}

/**
 * One cron tick through the real handlers: the scheduled handler sends its `drain` messages
 * on the queue, the pool delivers them to the Worker's queue consumer; answers the shards
 * sent and every drain's result, read from the log lines both write. `scheduledTime` picks the
 * minute, and so the turn (minuteOf); now by default.
 */
export async function tick(scheduledTime = Date.now()): Promise<{ sent: ShardId[]; drains: DrainResult[] }> {
  const lines: Logged[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    if (typeof line === 'string' && line.startsWith('{')) lines.push(JSON.parse(line) as Logged);
  });
  try {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '* * * * *', scheduledTime }), env, ctx);
    await waitOnExecutionContext(ctx);
    const sent = lines.find((line) => line.job === 'scheduled')?.drains ?? [];
    const drains = () => lines.flatMap((line) => (line.job === 'drain' && line.drain ? [line.drain] : []));
    for (let wait = 0; drains().length < sent.length; wait++) {
      if (wait > 1500) throw new Error(`${drains().length} of ${sent.length} drains reported`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { sent, drains: drains() };
  } finally {
    log.mockRestore();
  }
}

/** Every key still buffered for a card. */
export async function bufferedKeys(ownerId: string) {
  const pages = await Promise.all(ownerPrefixes(ownerId).map((prefix) => env.EVENTS.list({ prefix })));
  return pages.flatMap((page) => page.keys);
}

/** The card's buffered events, whatever keys hold them (a key may hold several, batch-writer.ts). */
export const bufferedEvents = async (ownerId: string) =>
  (await bufferedKeys(ownerId)).flatMap((key) => parseListed(key) ?? []);

export const stats = async (token: string) => {
  const res = await api('/v1/user/stats', { token });
  if (res.status !== 200) throw new Error(`stats: ${res.status} ${JSON.stringify(res.body)}`);
  // Every answer also has the documented shape.
  return statsSchema.parse(res.body.data);
};

/** How many of these event ids the ledger holds (folded, and not yet forgotten), in every counting database. */
export async function ledgerHolds(ids: string[]): Promise<number> {
  const rows = await Promise.all(
    countShards(env).map((shard) =>
      countDatabase(env, shard)
        .prepare(
          `SELECT count(*) AS n FROM json_each(?1) AS j WHERE EXISTS (SELECT 1 FROM seen_events WHERE id = unhex(j.value, '-'))`,
        )
        .bind(JSON.stringify(ids))
        .first<{ n: number }>(),
    ),
  );
  return rows.reduce((sum, row) => sum + (row?.n ?? 0), 0);
}

/** The counting database of a card (its profile names the shard, docs/decisions/0071). */
export async function countsOf(ownerId: string): Promise<D1Database> {
  const row = await env.DB.prepare('SELECT count_shard AS shard FROM profiles WHERE user_id = ?')
    .bind(ownerId)
    .first<{ shard: number }>();
  if (!row) throw new Error(`no card ${ownerId}`);
  return countDatabase(env, row.shard);
}

/** The card's counting database as drizzle (for getStats and the export's reader). */
export const countsDbOf = async (ownerId: string) => createDb(await countsOf(ownerId));

/**
 * A card's weekly sums beside its days added up week by week (services/events/weekly-sql.ts),
 * from the week holding day `from` on: the two lists are equal when every week is right.
 */
export async function weeksBesideDays(counts: D1Database, ownerId: string, from = 0) {
  const read = async (query: string) =>
    (
      await counts
        .prepare(query)
        .bind(ownerId, Math.floor(from / 7))
        .all()
    ).results;
  return {
    weeks: await read(
      'SELECT week, views, clicks, visitors, saves FROM weekly_stats WHERE user_id = ?1 AND week >= ?2 ORDER BY week',
    ),
    days: await read(
      `SELECT day / 7 AS week, sum(views) AS views, sum(clicks) AS clicks, sum(visitors) AS visitors, sum(saves) AS saves
       FROM daily_stats WHERE user_id = ?1 AND days = 1 AND day / 7 >= ?2 GROUP BY day / 7 ORDER BY week`,
    ),
  };
}
