import { applyD1Migrations, env } from 'cloudflare:test';
import { expect } from 'vitest';

// A counting database as an earlier release left it, for the counting migrations' tests: migrated
// up to (not including) one migration, then filled with a row of every table that release wrote.

export const DAY_MS = 86_400_000;

/** Each counting table the fill writes, with the order its rows are compared in. */
export const COUNTING_TABLES = {
  daily_stats: 'user_id, day',
  daily_link_clicks: 'user_id, day, link_id',
  daily_breakdowns: 'user_id, facet, day, name',
  seen_events: 'hour, id',
  seen_visitors: 'day, visitor',
  moved_daily_stats: 'user_id, day',
} as const;

/** Applies every counting migration before `migration`, of which there are some, and not all. */
export async function migrateUpTo(db: D1Database, migration: string) {
  const before = env.TEST_COUNT_MIGRATIONS.filter((m) => m.name < migration);
  expect(before.length).toBeGreaterThan(0);
  expect(before.length).toBeLessThan(env.TEST_COUNT_MIGRATIONS.length);
  await applyD1Migrations(db, before);
}

/**
 * The rows besides the days a release of before wrote for `ada` and `bob` around `day`: a month
 * compacted into its first day (compaction.ts), a link's clicks, a breakdown, the ledger's ids and
 * visitors, and rollups on their way from the accounts database (legacy-move.ts).
 */
export const rowsBesideTheDays = (db: D1Database, ada: string, bob: string, day: number) => [
  db
    .prepare(
      `INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at, days)
       VALUES (?, ?, 300, 40, 120, 20, NULL, 31)`,
    )
    .bind(ada, day - 400),
  db.prepare('INSERT INTO daily_link_clicks (user_id, day, link_id, clicks) VALUES (?, ?, 7, 2)').bind(ada, day),
  db
    .prepare(
      "INSERT INTO daily_breakdowns (user_id, day, facet, name, views, clicks) VALUES (?, ?, 'country', 'DE', 5, 2)",
    )
    .bind(ada, day),
  db.prepare("INSERT INTO seen_events (hour, id) VALUES (?, unhex('11111111111141118111111111111111'))").bind(day * 24),
  db
    .prepare(
      "INSERT INTO seen_visitors (day, visitor, clicked) VALUES (?, unhex('22222222222222222222222222222222'), 1)",
    )
    .bind(day),
  db
    .prepare(
      `INSERT INTO moved_daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at, days)
       VALUES (?, ?, 9, 3, 6, 2, NULL, 1)`,
    )
    .bind(bob, day - 3),
];

/** Every row of each counting table, in its order. */
export async function countingSnapshot(db: D1Database) {
  const entries = await Promise.all(
    Object.entries(COUNTING_TABLES).map(
      async ([table, order]) =>
        [
          table,
          (await db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all<Record<string, unknown>>()).results,
        ] as const,
    ),
  );
  return Object.fromEntries(entries);
}
