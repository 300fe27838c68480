// npm run bench, the statistics' latency against a card's history: two cards get 1,000 and
// 1,000,000 events spread over 90 days, inserted into the D1 ledger directly (one SQL statement
// each, through wrangler d1 execute on the bench's state), their daily rollups built from the
// ledger with the product's own SQL, then GET /v1/user/stats is timed for both.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineSql } from '../worker/db/render.ts';
import { rebuildRollupsSql } from '../worker/services/events/rollup-sql.ts';
import { number } from './bench-drain.ts';

type Figure = [label: string, value: string];
type RunSql = (file: string) => void;

const DAY = 86_400_000;
const SPAN_DAYS = 90;
const SAMPLES = 25;

/**
 * One INSERT of `count` events of a card, evenly over the 90 days before now: a quarter clicks,
 * about 4,000 visitors a day (hashes of the day, as the real ones), 10 countries, 12 referrers,
 * 3 devices, 6 channels.
 */
function historySql(userId: string, linkId: number, count: number, now: number) {
  const start = now - SPAN_DAYS * DAY;
  const at = `(${start} + i * ${SPAN_DAYS * DAY} / ${count})`;
  return `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})
INSERT INTO events (id, user_id, kind, link_id, at, visitor, country, referrer, device, channel)
SELECT printf('hist-%s-%08d', '${userId}', i), '${userId}',
  CASE WHEN i % 4 = 0 THEN 'click' ELSE 'view' END, CASE WHEN i % 4 = 0 THEN ${linkId} END, ${at},
  printf('%08x%024x', ${at} / ${DAY}, (i * 7919) % 4000),
  CASE WHEN i % 5 = 0 THEN NULL ELSE substr('DEFRUSGBBRINJPESITNL', 1 + 2 * (i % 10), 2) END,
  CASE WHEN i % 3 = 0 THEN NULL ELSE 'ref' || (i % 12) || '.example' END,
  CASE i % 3 WHEN 0 THEN 'mobile' WHEN 1 THEN 'desktop' ELSE 'tablet' END,
  CASE i % 6 WHEN 0 THEN 'qr' WHEN 1 THEN 'nfc' WHEN 2 THEN 'email' WHEN 3 THEN 'link' WHEN 4 THEN 'referral' ELSE 'direct' END
FROM n;`;
}

type Card = { token: string; userId: string; linkId: number };

/** A card with one link, registered through the API as a user would. */
async function registerCard(base: string, tag: string): Promise<Card> {
  const username = `${tag}_${Date.now().toString(36)}`;
  const account = {
    name: 'History Card',
    username,
    email: `${username}@example.com`,
    password: 'bench card owner 2026',
  };
  const json = { 'Content-Type': 'application/json' };
  const registered = await fetch(`${base}/v1/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(account),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
  const link = await fetch(`${base}/v1/user/links`, {
    method: 'POST',
    headers: { ...json, Authorization: `Bearer ${token}` },
    body: JSON.stringify({ title: 'Site', url: 'https://example.com' }),
  });
  if (link.status !== 201) throw new Error(`link: ${link.status} ${await link.text()}`);
  return { token, userId: user.id, linkId: ((await link.json()) as { link: { id: number } }).link.id };
}

/** Median and 95th percentile of sequential GET /v1/user/stats, after a warm-up. */
async function timeStats(base: string, card: Card) {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/v1/user/stats`, { headers: { Authorization: `Bearer ${card.token}` } });
    const body = (await res.json()) as { data: { profile_views: number; link_clicks: number } };
    return { ms: performance.now() - started, events: body.data.profile_views + body.data.link_clicks };
  };
  // The first answer after a large write by another process may be cut off locally: warm up
  // until three in a row have come back.
  for (let ok = 0, tries = 0; ok < 3; tries++) {
    try {
      await once();
      ok += 1;
    } catch (error) {
      if (tries > 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  const runs = [];
  for (let i = 0; i < SAMPLES; i++) runs.push(await once());
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  return { p50: sorted[Math.floor(SAMPLES / 2)]!, p95: sorted[Math.floor(SAMPLES * 0.95)]!, events: runs[0]!.events };
}

export function statsLatencySection(base: string, runSql: RunSql) {
  return {
    title: `Statistics: GET /v1/user/stats for a card with 1,000 and with 1,000,000 events of history over ${SPAN_DAYS} days (${SAMPLES} requests each)`,
    async run(): Promise<Figure[]> {
      const dir = mkdtempSync(join(tmpdir(), 'cardlink-bench-sql-'));
      const now = Date.now();
      const figures: Figure[] = [];
      const timings = [];
      for (const count of [1_000, 1_000_000]) {
        const card = await registerCard(base, `hist${count}`);
        const userId = card.userId;
        const file = join(dir, `history-${count}.sql`);
        writeFileSync(
          file,
          [historySql(userId, card.linkId, count, now), ...rebuildRollupsSql(userId).map(inlineSql)].join(';\n'),
        );
        const started = performance.now();
        runSql(file);
        const insertSeconds = (performance.now() - started) / 1000;
        const timing = await timeStats(base, card);
        timings.push(timing);
        figures.push([
          `${number(count)} events`,
          `median ${number(timing.p50, 1)} ms, p95 ${number(timing.p95, 1)} ms (${number(timing.events)} counted; inserted and rolled up in ${number(insertSeconds, 1)} s)`,
        ]);
      }
      const [small, large] = timings;
      figures.push(['1,000,000 against 1,000', `${number(large!.p50 / small!.p50, 2)}x the median (at most 2x)`]);
      return figures;
    },
  };
}
