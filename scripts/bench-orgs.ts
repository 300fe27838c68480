// npm run bench, an organisation's analytics against one card's statistics: an organisation of
// 1,000 members, each holding a work card with 90 days of daily rollups, written by SQL straight
// into the bench's local D1 (accounts and counting databases); then
// GET /v1/orgs/{orgId}/analytics?range=90 is timed beside GET /v1/user/stats?range=90 of one card
// with the same 90 days of rollups.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { inlineSql } from '../worker/db/render.ts';
import { countBinding, shardForNewCard } from '../worker/lib/count-shards.ts';
import { weeklySums } from '../worker/services/events/weekly-sql.ts';
import { number, type Sql } from './bench-drain.ts';

type Figure = [label: string, value: string];

const MEMBERS = 1_000;
const DAYS = 90;
const SAMPLES = 25;
const DAY = 86_400_000;

const json = { 'Content-Type': 'application/json' };

/**
 * `attempt` until it answers, for up to 30 s: a large write by another process (wrangler d1
 * execute, below) can cut off the local server's first answers after it, as bench-stats.ts says.
 */
async function retried<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= 15) throw new Error(`${what}: ${String(error)}, ${tries} times`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

async function post(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...json, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ token: string; user: { id: string }; data: { id: string } }>;
}

/**
 * Daily rollup rows for `ids`, one a day over the last DAYS days, and their weekly sums, as the
 * drain would have folded them (the weeks by the fold's own statement, worker/services/events/weekly-sql.ts).
 */
const rollupsSql = (ids: string[], today: number) =>
  `WITH RECURSIVE d(day) AS (SELECT ${today - DAYS + 1} UNION ALL SELECT day + 1 FROM d WHERE day < ${today}),
c(id) AS (SELECT value FROM json_each('${JSON.stringify(ids)}'))
INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at)
SELECT c.id, d.day, 40 + d.day % 7, 10 + d.day % 3, 25 + d.day % 5, 5, d.day * ${DAY}
FROM c, d WHERE true;
${inlineSql(weeklySums(sql.raw(`SELECT user_id, day FROM daily_stats WHERE user_id IN (SELECT value FROM json_each('${JSON.stringify(ids)}'))`)))};`;

/** Median and 95th percentile of `SAMPLES` sequential GETs of `path`, after three warm-ups. */
async function time(base: string, path: string, token: string) {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return { ms: performance.now() - started, body };
  };
  for (let i = 0; i < 3; i++) await retried(path, once);
  const runs = [];
  for (let i = 0; i < SAMPLES; i++) runs.push(await once());
  const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
  return { p50: sorted[Math.floor(SAMPLES / 2)]!, p95: sorted[Math.floor(SAMPLES * 0.95)]!, body: runs[0]!.body };
}

export function orgAnalyticsSection(base: string, db: Sql, shards: () => number) {
  return {
    title: `Organisation analytics: GET /v1/orgs/{orgId}/analytics for ${number(MEMBERS)} members beside one card's GET /v1/user/stats, ${DAYS} days of rollups each (${SAMPLES} requests each)`,
    async run(): Promise<Figure[]> {
      const tag = Date.now().toString(36);
      const owner = await retried('registering the owner', () =>
        post(base, '/v1/auth/register', {
          name: 'Org Owner',
          username: `orgbench_${tag}`,
          email: `orgbench_${tag}@example.com`,
          password: 'bench card owner 2026',
        }),
      );
      const org = await retried('creating the organisation', () =>
        post(base, '/v1/orgs', { name: 'Bench Ltd', slug: `bench-${tag}` }, owner.token),
      );
      const databases = shards();
      const members = Array.from({ length: MEMBERS }, (_, i) => ({
        userId: crypto.randomUUID(),
        cardId: crypto.randomUUID(),
        name: `ob_${tag}_${i}`,
      }));
      const now = Date.now();
      const rows = members.flatMap((m) => [
        `INSERT INTO users (id, email, password_hash) VALUES ('${m.userId}', '${m.name}@example.com', 'none');`,
        `INSERT INTO org_members (org_id, user_id, role, joined_at) VALUES ('${org.data.id}', '${m.userId}', 'member', ${now});`,
        `INSERT INTO cards (id, user_id, username, name, org_id, count_shard) VALUES ('${m.cardId}', '${m.userId}', '${m.name}', 'Member ${m.name}', '${org.data.id}', ${shardForNewCard(m.cardId, databases)});`,
      ]);
      const dir = mkdtempSync(join(tmpdir(), 'cardlink-bench-org-'));
      const today = Math.floor(now / DAY);
      const started = performance.now();
      try {
        writeFileSync(join(dir, 'members.sql'), rows.join('\n'));
        db.run(join(dir, 'members.sql'));
        // The rollups, into each card's own counting database; the owner's card gets the same days.
        for (let shard = 0; shard < databases; shard++) {
          const ids: string[] = members
            .filter((m) => shardForNewCard(m.cardId, databases) === shard)
            .map((m) => m.cardId);
          if (shard === shardForNewCard(owner.user.id, databases)) ids.push(owner.user.id);
          if (ids.length === 0) continue;
          const file = join(dir, `rollups-${shard}.sql`);
          writeFileSync(file, rollupsSql(ids, today));
          db.run(file, countBinding(shard));
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const seedSeconds = (performance.now() - started) / 1000;

      const card = await time(base, '/v1/user/stats?range=90', owner.token);
      const analytics = await time(base, `/v1/orgs/${org.data.id}/analytics?range=90`, owner.token);
      const answer = JSON.parse(analytics.body) as { data: { total: { cards: number; views: number } } };
      const one = JSON.parse(card.body) as { data: { profile_views: number } };
      if (answer.data.total.cards !== MEMBERS)
        throw new Error(`the analytics counted ${answer.data.total.cards} cards`);
      if (answer.data.total.views !== one.data.profile_views * MEMBERS)
        throw new Error(
          `the analytics counted ${answer.data.total.views} views, not ${MEMBERS} x ${one.data.profile_views}`,
        );
      return [
        [
          'seeded',
          `${number(MEMBERS)} members, cards and ${number(MEMBERS * DAYS)} rollup rows in ${number(seedSeconds, 1)} s`,
        ],
        ['one card (GET /v1/user/stats?range=90)', `median ${number(card.p50, 1)} ms, p95 ${number(card.p95, 1)} ms`],
        [
          `${number(MEMBERS)} members (GET /v1/orgs/{orgId}/analytics?range=90)`,
          `median ${number(analytics.p50, 1)} ms, p95 ${number(analytics.p95, 1)} ms (${number(answer.data.total.views)} views counted)`,
        ],
        ['organisation against one card', `${number(analytics.p50 / card.p50, 2)}x the median (at most 2x)`],
      ];
    },
  };
}
