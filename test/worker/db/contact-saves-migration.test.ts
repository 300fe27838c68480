import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import type { BufferedEvent } from '../../../worker/services/events/buffer';
import { foldStatements } from '../../../worker/services/events/fold';
import { COUNTING_TABLES, countingSnapshot, DAY_MS, migrateUpTo, rowsBesideTheDays } from './counting-before';

// Migration migrations-counts/0002 adds the daily rollups' `saves` (saves of the contact). On a
// counting database the previous release filled (days, a compacted month, link clicks,
// breakdowns, the ledger, rollups on their way from the accounts database), every row stays as
// it was and counts no save; the previous release's fold, which never names the column, still
// lands; and this release's fold adds a save to the day it already holds.

const DB = env.BEFORE_CONTACT_SAVES;
const SAVES_MIGRATION = '0002_contact_saves.sql';
const day = Math.floor(Date.now() / DAY_MS);
const ada = 'a0000000-0000-4000-8000-00000000000a';
const bob = 'b0000000-0000-4000-8000-00000000000b';

const rows = async (table: string) => (await countingSnapshot(DB))[table] ?? [];
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
  await migrateUpTo(DB, SAVES_MIGRATION);
  await DB.batch([
    previousFold(ada, day, 5, 2, 3),
    previousFold(ada, day - 1, 7, 1, 4),
    previousFold(bob, day, 1, 0, 1),
    ...rowsBesideTheDays(DB, ada, bob, day),
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
    const before = await countingSnapshot(DB);
    await applyD1Migrations(DB, env.TEST_COUNT_MIGRATIONS);

    const after = await countingSnapshot(DB);
    for (const table of Object.keys(COUNTING_TABLES)) {
      const [was, is] = [before[table] ?? [], after[table] ?? []];
      expect(is.length, table).toBe(was.length);
      expect(
        is.map((row, i) => asBefore(row, was[i]!)),
        table,
      ).toEqual(was);
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
