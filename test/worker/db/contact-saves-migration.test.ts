import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import type { BufferedEvent } from '../../../worker/services/events/buffer';
import { foldStatements } from '../../../worker/services/events/fold';

// Migration migrations-counts/0002 adds the daily rollups' `saves` (saves of the contact). On a
// counting database the previous release filled (days, a compacted month, link clicks,
// breakdowns, the ledger, rollups on their way from the accounts database), every row stays as
// it was and counts no save; the previous release's fold, which never names the column, still
// lands; and this release's fold adds a save to the day it already holds.

const DB = env.BEFORE_CONTACT_SAVES;
const SAVES_MIGRATION = '0002_contact_saves.sql';
const DAY_MS = 86_400_000;
const day = Math.floor(Date.now() / DAY_MS);
const ada = 'a0000000-0000-4000-8000-00000000000a';
const bob = 'b0000000-0000-4000-8000-00000000000b';
const TABLES = {
  daily_stats: 'user_id, day',
  daily_link_clicks: 'user_id, day, link_id',
  daily_breakdowns: 'user_id, facet, day, name',
  seen_events: 'hour, id',
  seen_visitors: 'day, visitor',
  moved_daily_stats: 'user_id, day',
} as const;

const rows = async (table: keyof typeof TABLES) =>
  (await DB.prepare(`SELECT * FROM ${table} ORDER BY ${TABLES[table]}`).all<Record<string, unknown>>()).results;
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(Object.keys(TABLES).map(async (t) => [t, await rows(t as keyof typeof TABLES)])),
  );
/** A row read after the migration, in the columns it had before it. */
const asBefore = (row: Record<string, unknown>, was: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(was).map((column) => [column, row[column]]));

/** The previous release's fold of one day's figures: the columns it named, adding on a conflict. */
const previousFold = (userId: string, on: number, views: number, clicks: number, visitors: number) =>
  DB.prepare(
    `INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at) VALUES (?, ?, ?, ?, ?, 0, ?)
     ON CONFLICT (user_id, day) DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks,
       visitors = visitors + excluded.visitors, last_view_at = excluded.last_view_at`,
  ).bind(userId, on, views, clicks, visitors, on * DAY_MS + 1000);

async function fillAsThePreviousRelease() {
  const before = env.TEST_COUNT_MIGRATIONS.filter((migration) => migration.name < SAVES_MIGRATION);
  expect(before.length).toBeGreaterThan(0);
  expect(before.length).toBeLessThan(env.TEST_COUNT_MIGRATIONS.length);
  await applyD1Migrations(DB, before);
  await DB.batch([
    previousFold(ada, day, 5, 2, 3),
    previousFold(ada, day - 1, 7, 1, 4),
    previousFold(bob, day, 1, 0, 1),
    // A month compacted into its first day (compaction.ts).
    DB.prepare(
      `INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at, days)
       VALUES (?, ?, 300, 40, 120, 20, NULL, 31)`,
    ).bind(ada, day - 400),
    DB.prepare('INSERT INTO daily_link_clicks (user_id, day, link_id, clicks) VALUES (?, ?, 7, 2)').bind(ada, day),
    DB.prepare(
      "INSERT INTO daily_breakdowns (user_id, day, facet, name, views, clicks) VALUES (?, ?, 'country', 'DE', 5, 2)",
    ).bind(ada, day),
    DB.prepare("INSERT INTO seen_events (hour, id) VALUES (?, unhex('11111111111141118111111111111111'))").bind(
      day * 24,
    ),
    DB.prepare(
      "INSERT INTO seen_visitors (day, visitor, clicked) VALUES (?, unhex('22222222222222222222222222222222'), 1)",
    ).bind(day),
    DB.prepare(
      `INSERT INTO moved_daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at, days)
       VALUES (?, ?, 9, 3, 6, 2, NULL, 1)`,
    ).bind(bob, day - 3),
  ]);
}

const event = (kind: BufferedEvent['kind'], id: string): BufferedEvent => ({
  key: `e:0:${ada}:${id}`,
  id,
  ownerId: ada,
  kind,
  linkId: null,
  at: day * DAY_MS + 5000,
  visitor: '33333333333333333333333333333333',
  country: 'FR',
  referrer: null,
  device: 'mobile',
  channel: 'direct',
});

describe('counting migration 0002: saves of the contact', { timeout: 60_000 }, () => {
  it('keeps every row, counts no save before it, and both releases fold after it', async () => {
    await fillAsThePreviousRelease();
    const before = await snapshot();
    await applyD1Migrations(DB, env.TEST_COUNT_MIGRATIONS);

    const after = await snapshot();
    for (const table of Object.keys(TABLES)) {
      expect(after[table].length, table).toBe(before[table].length);
      expect(
        after[table].map((row: Record<string, unknown>, i: number) => asBefore(row, before[table][i])),
        table,
      ).toEqual(before[table]);
    }
    expect((await rows('daily_stats')).map((row) => row.saves)).toEqual([0, 0, 0, 0]);

    // The previous release, still running while this one deploys, adds to a day as before.
    await previousFold(ada, day, 1, 0, 0).run();
    const today = () =>
      DB.prepare('SELECT views, clicks, visitors, saves FROM daily_stats WHERE user_id = ? AND day = ?')
        .bind(ada, day)
        .first();
    expect(await today()).toEqual({ views: 6, clicks: 2, visitors: 3, saves: 0 });

    // This release's fold: a save and a view of a new visitor, added to the day it holds.
    const db = createDb(DB);
    const [first, ...rest] = foldStatements(db, [
      event('save', '44444444-4444-4444-8444-444444444444'),
      event('view', '55555555-5555-4555-8555-555555555555'),
    ]);
    await db.batch([first!, ...rest]);
    expect(await today()).toEqual({ views: 7, clicks: 2, visitors: 4, saves: 1 });
    // The save names no country: only the view's is broken down.
    const france = await DB.prepare(
      "SELECT views, clicks FROM daily_breakdowns WHERE user_id = ? AND facet = 'country' AND name = 'FR'",
    )
      .bind(ada)
      .first();
    expect(france).toEqual({ views: 1, clicks: 0 });
  });
});
