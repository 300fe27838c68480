// npm run bench, the counters' section at production limits: views and clicks buffered across
// many cards, then cron ticks through wrangler dev's scheduled endpoint, each tick's drains
// delivered by the local queue to the Worker's consumer, every consumer invocation's KV
// operations counted by the Worker's meter and capped at 1,000. The cards' events are written
// by the development-only /v1/dev/events (the same putEvent a visitor's request calls): through
// HTTP one by one, a loaded 2-core machine takes half an hour for 100,000. Loopback only, bounded.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countBinding, shardForNewCard } from '../worker/lib/count-shards.ts';

type Figure = [label: string, value: string];
type DrainLog = {
  shard: number | 'legacy';
  events: number;
  statements: number;
  rowsWritten: number;
  rowsRead: number;
  kvOperations: number;
  d1Ms: number;
};
/** The Worker's JSON log lines (scheduled ticks and drains), as the bench's server reader collects them. */
export type WorkerLog = { job?: string; drains?: unknown[]; drain?: DrainLog };
/** A card of the drain: its owner and link, and how many events were buffered for it. */
export type Card = { id: string; linkId: number; buffered: number };
/** SQL against the bench's local D1, on the accounts database (DB) unless a counting binding is named. */
export type Sql = { run: (file: string, binding?: string) => void; query: <T>(sql: string, binding?: string) => T[] };

const TICK_LIMIT = 40;
/** How long a tick's scheduled handler may take to log the drains it sent. */
const TICK_LOG_MS = 5 * 60_000;
/** A tick's drains have stopped coming when none has for this long. */
const DRAIN_STALL_MS = 10 * 60_000;
/** The ticks of the drain section, all together, on the slowest machine it is worth waiting for. */
const DRAIN_LIMIT_MS = 90 * 60_000;
const FIXTURE_MAX = 1000;
const FIXTURE_TRIES = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** `count` public cards with one link each, inserted into D1 directly (their owners never sign in). */
export function createCards(sql: Sql, count: number, shards: number): Card[] {
  const now = Date.now();
  const cards = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    linkId: 1_000_000 + i,
    buffered: 0,
  }));
  const rows = cards.flatMap((card, i) => {
    const name = `drain_${now.toString(36)}_${i}`;
    return [
      `INSERT INTO users (id, email, password_hash) VALUES ('${card.id}', '${name}@example.com', 'none');`,
      // The counting database a sign-up would choose, so the cards spread over every shard.
      `INSERT INTO profiles (user_id, username, name, count_shard) VALUES ('${card.id}', '${name}', 'Drain Card', ${shardForNewCard(card.id, shards)});`,
      `INSERT INTO links (id, user_id, title, url) VALUES (${card.linkId}, '${card.id}', 'Site', 'https://example.com');`,
    ];
  });
  const dir = mkdtempSync(join(tmpdir(), 'cardlink-bench-cards-'));
  try {
    writeFileSync(join(dir, 'cards.sql'), rows.join('\n'));
    sql.run(join(dir, 'cards.sql'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return cards;
}

/** Buffers `perCard` events for every card, `concurrency` fixture requests in flight. */
export async function bufferEvents(base: string, cards: Card[], perCard: number, concurrency: number) {
  const jobs = cards.flatMap((card) =>
    Array.from({ length: Math.ceil(perCard / FIXTURE_MAX) }, (_, i) => ({
      card,
      from: i * FIXTURE_MAX,
      count: Math.min(FIXTURE_MAX, perCard - i * FIXTURE_MAX),
    })),
  );
  // Event n of a card has a fixed id, so a request that failed under load is simply sent again.
  const send = async (job: (typeof jobs)[number]) => {
    const body = JSON.stringify({ owner_id: job.card.id, link_id: job.card.linkId, from: job.from, count: job.count });
    for (let attempt = 1; ; attempt++) {
      try {
        const headers = { 'Content-Type': 'application/json' };
        const res = await fetch(`${base}/v1/dev/events`, { method: 'POST', headers, body });
        if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
        return ((await res.json()) as { data: { buffered: number } }).data.buffered;
      } catch (error) {
        if (attempt >= FIXTURE_TRIES) throw new Error(`buffering events: ${String(error)}`, { cause: error });
        await sleep(1000 * attempt);
      }
    }
  };
  const started = performance.now();
  const lane = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) job.card.buffered += await send(job);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { total: cards.reduce((sum, card) => sum + card.buffered, 0), seconds: (performance.now() - started) / 1000 };
}

/**
 * Runs the cron now. Under load workerd may close a kept-alive connection as the request goes out
 * ('other side closed'): the tick is sent again, which is harmless (a drain twice finds nothing
 * new; the ledger counts each event once).
 */
export async function cronTick(base: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await (await fetch(`${base}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`)).arrayBuffer();
      return;
    } catch (error) {
      if (attempt >= FIXTURE_TRIES) throw new Error(`the cron tick: ${String(error)}`, { cause: error });
      await sleep(1000 * attempt);
    }
  }
}

/** One cron tick: the scheduled handler sends a drain per non-empty shard; waits for every one's log line. */
async function tick(base: string, logs: WorkerLog[], deadline: number) {
  const from = logs.length;
  await cronTick(base);
  const sent = async () => {
    for (const started = Date.now(); Date.now() - started < TICK_LOG_MS;) {
      const line = logs.slice(from).find((log) => log.job === 'scheduled');
      if (line) return line.drains?.length ?? 0;
      await sleep(50);
    }
    throw new Error(`the tick logged nothing in ${TICK_LOG_MS / 60_000} minutes`);
  };
  const shards = await sent();
  const drains = () => logs.slice(from).flatMap((log) => (log.job === 'drain' && log.drain ? [log.drain] : []));
  // Local workerd runs the consumer's invocations one after another, and a loaded machine slowly:
  // the first tick's 161 drains took 4 minutes for 20,000 events, and for 200,000 at load average
  // 20 only 10 had come after 20 minutes. So the wait lasts while drains keep coming, and ends when
  // none has come for a while (a drain failing every retry, a consumer that stopped) or the
  // section's time is up.
  let reported = 0;
  let lastProgress = Date.now();
  while (drains().length < shards) {
    if (drains().length > reported) [reported, lastProgress] = [drains().length, Date.now()];
    const stalled = Date.now() - lastProgress > DRAIN_STALL_MS;
    if (stalled || Date.now() > deadline)
      throw new Error(
        `${reported} of ${shards} drains of a tick reported, ${stalled ? `none in the last ${DRAIN_STALL_MS / 60_000} minutes` : `the drain's ${DRAIN_LIMIT_MS / 60_000} minutes are up`}`,
      );
    await sleep(50);
  }
  return drains();
}

/**
 * What the counting databases hold for the cards once drained: per card, the rollups' views and
 * clicks and the link's clicks, each of which must equal the events buffered, every card in its
 * own shard and in no other; and the ledger's ids, which must be as many as all the events
 * (every synthetic event has an id of its own).
 */
function countedOf(sql: Sql, cards: Card[], databases: number) {
  const want = new Map(cards.map((card) => [card.id, card.buffered]));
  const shardOf = new Map<string, number>();
  for (let i = 0; i < cards.length; i += 200) {
    const ids = cards
      .slice(i, i + 200)
      .map((card) => `'${card.id}'`)
      .join(', ');
    for (const row of sql.query<{ id: string; shard: number }>(
      `SELECT user_id AS id, count_shard AS shard FROM profiles WHERE user_id IN (${ids})`,
    ))
      shardOf.set(row.id, row.shard);
  }
  const rows: { id: string; shard: number; rolled: number; links: number }[] = [];
  let ledger = 0;
  for (let shard = 0; shard < databases; shard++) {
    // Every card of the bench that has rows here, by its owner's id (one query a shard).
    const ids = cards.map((card) => `'${card.id}'`).join(', ');
    rows.push(
      ...sql
        .query<{ id: string; rolled: number; links: number }>(
          `SELECT d.user_id AS id, sum(views + clicks) AS rolled,
          (SELECT coalesce(sum(clicks), 0) FROM daily_link_clicks AS l WHERE l.user_id = d.user_id) AS links
        FROM daily_stats AS d WHERE d.user_id IN (${ids}) GROUP BY d.user_id`,
          countBinding(shard),
        )
        .map((row) => ({ ...row, shard })),
    );
    ledger += sql.query<{ n: number }>('SELECT count(*) AS n FROM seen_events', countBinding(shard))[0]?.n ?? 0;
  }
  const total = cards.reduce((sum, card) => sum + card.buffered, 0);
  const exact =
    rows.length === cards.filter((card) => card.buffered > 0).length &&
    ledger === total &&
    rows.every((r) => r.rolled === want.get(r.id) && r.shard === shardOf.get(r.id));
  const shards = new Set(rows.map((r) => r.shard)).size;
  return { exact, counted: rows.reduce((sum, r) => sum + r.rolled, 0), ledger, shards };
}

/** Ticks until the buffer is empty; the figures of the fan-out beside the single drain's. */
export async function drainFigures(
  base: string,
  logs: WorkerLog[],
  sql: Sql,
  cards: Card[],
  clicked: Card,
  databases: number,
): Promise<Figure[]> {
  const accepted = cards.reduce((sum, card) => sum + card.buffered, 0) + clicked.buffered;
  const ticks: DrainLog[][] = [];
  const started = performance.now();
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  while (ticks.length < TICK_LIMIT) {
    const drains = await tick(base, logs, deadline);
    if (drains.length === 0) break;
    ticks.push(drains);
    if (drains.every((drain) => drain.events === 0)) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const all = ticks.flat();
  const drained = all.reduce((sum, d) => sum + d.events, 0);
  const statements = all.reduce((sum, d) => sum + d.statements, 0);
  const d1Ms = all.reduce((sum, d) => sum + d.d1Ms, 0);
  const rowsWritten = all.reduce((sum, d) => sum + d.rowsWritten, 0);
  const rowsRead = all.reduce((sum, d) => sum + d.rowsRead, 0);
  const perThousand = (n: number, digits = 1) => number((n / Math.max(drained, 1)) * 1000, digits);
  const perTick = ticks.map((drains) => drains.reduce((sum, d) => sum + d.events, 0));
  const maxOps = Math.max(...all.map((d) => d.kvOperations));
  const single = Math.max(...all.map((d) => d.events));
  const { counted, exact: every, ledger, shards } = countedOf(sql, [clicked, ...cards], databases);
  const exact = every && drained >= accepted;
  return [
    [
      'events buffered',
      `${number(accepted)}: ${number(accepted - clicked.buffered)} across ${number(cards.length)} cards, and the ${number(clicked.buffered)} clicks above`,
    ],
    ['cron ticks to drain them', `${number(ticks.length)} (${number(seconds, 1)} s on this machine)`],
    [
      'events drained per cron tick',
      `${number(perTick[0] ?? 0)} in the first tick (${ticks[0]?.length ?? 0} drains); then ${
        perTick
          .slice(1)
          .map((n) => number(n))
          .join(', ') || 'nothing left'
      }`,
    ],
    ['  one drain per tick, as before the fan-out', `${number(single)} (the most one invocation drains)`],
    [
      '  sustained, at one tick a minute',
      `${number((perTick[0] ?? 0) / 60)} events/s (before: ${number(single / 60, 1)})`,
    ],
    [
      'KV operations per invocation (max)',
      `${number(maxOps)} of 1,000 allowed (metered, capped; ${all.filter((d) => d.kvOperations > 1000).length} invocations above)`,
    ],
    ['D1 statements per 1,000 events', perThousand(statements)],
    ['D1 rows written / read per 1,000 events', `${perThousand(rowsWritten, 0)} / ${perThousand(rowsRead, 0)}`],
    ['D1 rows written per event', number(rowsWritten / Math.max(drained, 1), 2)],
    ['D1 batch time per 1,000 events', `${perThousand(d1Ms, 0)} ms`],
    [
      'counted exactly once',
      `${exact ? 'yes' : 'NO'}: ${number(counted)} counted for ${number(accepted)} buffered (every card's rollups in its own counting database, ${shards} of ${databases} databases used; the ledgers hold ${number(ledger)} ids; ${number(drained)} folded)`,
    ],
  ];
}

export { number };
