// npm run bench, the load section: 50 connections for 30 seconds each on the card, the click
// endpoint and a dashboard read, against the bench's wrangler dev on loopback (nothing else is
// contacted); then the buffer is drained through the cron and every view and click the Worker
// accepted must be counted exactly once. Bounded by time and connections.
import { countBinding } from '../worker/lib/count-shards.ts';
import { cronTick, type Sql } from './bench-drain.ts';

type Figure = [label: string, value: string];
type Phase = { ok: number; errors: number; seconds: number; latencies: number[]; statuses: Map<string, number> };

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** `CONNECTIONS` lanes sending one request after another for `SECONDS`; `expected` is a success. */
async function phase(send: (i: number) => Promise<Response>, expected: number): Promise<Phase> {
  const result: Phase = { ok: 0, errors: 0, seconds: 0, latencies: [], statuses: new Map() };
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (performance.now() - started < SECONDS * 1000) {
      const i = next++;
      const sent = performance.now();
      let status: string;
      try {
        const res = await send(i);
        await res.arrayBuffer();
        status = String(res.status);
      } catch (error) {
        status = `network error (${String(error).slice(0, 60)})`;
      }
      result.latencies.push(performance.now() - sent);
      if (status === String(expected)) result.ok += 1;
      else {
        result.errors += 1;
        result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, lane));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

function describe(name: string, result: Phase): Figure {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const errors =
    result.errors === 0
      ? '0 errors'
      : `${number(result.errors)} ERRORS (${[...result.statuses].map(([s, n]) => `${s}: ${n}`).join(', ')})`;
  return [
    name,
    `${number(result.ok / result.seconds)} req/s, p50 ${number(percentile(sorted, 0.5), 1)} ms, p99 ${number(percentile(sorted, 0.99), 1)} ms, ${errors}`,
  ];
}

/**
 * A network of its own for request `i`: the bounds count views and clicks per visitor and per
 * network (an IPv4 address, docs/decisions/0086), so each request is another real visitor and
 * every accepted one is counted.
 */
const visitorAddress = (lane: string, i: number) => `10.${lane}.${(i >> 8) & 255}.${i & 255}`;

export function loadSection(base: string, sql: Sql) {
  return {
    title: `Load: ${CONNECTIONS} connections for ${SECONDS} s each on the card, the click endpoint and a dashboard read; then every accepted view and click counted exactly once`,
    async run(): Promise<Figure[]> {
      // A card of its own, so its counts are only this section's.
      const id = `load_${Date.now().toString(36)}`;
      const account = { name: 'Load Card', username: id, email: `${id}@example.com`, password: 'load card owner 2026' };
      const registered = await fetch(`${base}/v1/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '10.250.0.1' },
        body: JSON.stringify(account),
      });
      const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
      const link = await fetch(`${base}/v1/user/links`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: 'Site', url: 'https://example.com' }),
      });
      const linkId = ((await link.json()) as { link: { id: number } }).link.id;

      // Up to 65,536 visitors a phase (two octets): enough for 30 s on this machine.
      const card = await phase(
        (i) =>
          fetch(`${base}/p/${id}`, {
            headers: { 'User-Agent': BROWSER_UA, 'CF-Connecting-IP': visitorAddress(String(100 + (i >> 16)), i) },
          }),
        200,
      );
      const clicks = await phase(
        (i) =>
          fetch(`${base}/v1/link/${linkId}/click`, {
            headers: { 'User-Agent': BROWSER_UA, 'CF-Connecting-IP': visitorAddress(String(150 + (i >> 16)), i) },
          }),
        204,
      );
      const reads = await phase(
        () => fetch(`${base}/v1/user/stats?range=7`, { headers: { Authorization: `Bearer ${token}` } }),
        200,
      );

      // Drain through the cron, then once more: nothing may be counted twice. The card's
      // rollups are in its counting database (docs/decisions/0071).
      const shard =
        sql.query<{ shard: number }>(`SELECT count_shard AS shard FROM profiles WHERE user_id = '${user.id}'`)[0]
          ?.shard ?? 0;
      const counted = () =>
        sql.query<{ views: number | null; clicks: number | null }>(
          `SELECT sum(views) AS views, sum(clicks) AS clicks FROM daily_stats WHERE user_id = '${user.id}'`,
          countBinding(shard),
        )[0] ?? { views: 0, clicks: 0 };
      let now = counted();
      const started = performance.now();
      for (let tick = 0; tick < 40; tick++) {
        await cronTick(base);
        await sleep(3000);
        const after = counted();
        const settled = after.views === now.views && after.clicks === now.clicks;
        now = after;
        if ((now.views ?? 0) >= card.ok && (now.clicks ?? 0) >= clicks.ok && settled) break;
      }
      await cronTick(base);
      await sleep(3000);
      const final = counted();
      const exact = (final.views ?? 0) === card.ok && (final.clicks ?? 0) === clicks.ok;
      return [
        describe(`GET /p/{username} (each request a new visitor)`, card),
        describe(`GET /v1/link/{id}/click (each a new visitor)`, clicks),
        describe('GET /v1/user/stats (the owner)', reads),
        [
          'counted exactly once',
          `${exact ? 'yes' : 'NO'}: ${number(final.views ?? 0)} views for ${number(card.ok)} accepted, ${number(final.clicks ?? 0)} clicks for ${number(clicks.ok)} accepted (drained in ${number((performance.now() - started) / 1000, 1)} s, then one more tick)`,
        ],
      ];
    },
  };
}
