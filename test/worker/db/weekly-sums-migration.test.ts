import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import type { BufferedEvent } from '../../../worker/services/events/buffer';
import { foldStatements } from '../../../worker/services/events/fold';
import { weeksBesideDays } from '../services/events-helpers';
import { countingSnapshot, DAY_MS, migrateUpTo, rowsBesideTheDays } from './counting-before';

// Counting migration 0003 adds the weekly sums of the daily rollups (docs/decisions/0108). On a
// counting database the previous release filled (days over several weeks, a compacted month, link
// clicks, breakdowns, the ledger, rollups on their way from the accounts database), every row
// stays as it was and each week of days is summed; the previous release's fold, which knows no
// weeks, still lands in its day; and this release's next fold of that week sums it again.

const DB = env.BEFORE_WEEKLY_SUMS;
const WEEKLY_MIGRATION = '0003_weekly_stats.sql';
const day = Math.floor(Date.now() / DAY_MS);
const ada = 'a0000000-0000-4000-8000-00000000000a';
const bob = 'b0000000-0000-4000-8000-00000000000b';

/** The previous release's fold of one day's figures: days only, adding on a conflict. */
const previousFold = (userId: string, on: number, views: number, saves: number) =>
  DB.prepare(
    `INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at, saves) VALUES (?, ?, ?, 1, 1, 0, ?, ?)
     ON CONFLICT (user_id, day) DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks,
       visitors = visitors + excluded.visitors, saves = saves + excluded.saves, last_view_at = excluded.last_view_at`,
  ).bind(userId, on, views, on * DAY_MS + 1000, saves);

async function fillAsThePreviousRelease() {
  await migrateUpTo(DB, WEEKLY_MIGRATION);
  await DB.batch([
    // Three weeks of Ada's days, some days missing; one day of Bob's. The compacted month among
    // the rows beside them is summed in no week.
    ...[0, 1, 2, 5, 8, 9, 15, 20].map((ago, i) => previousFold(ada, day - ago, 2 ** i, i % 2)),
    previousFold(bob, day - 3, 7, 1),
    ...rowsBesideTheDays(DB, ada, bob, day),
  ]);
}

const view = (id: string): BufferedEvent => ({
  key: `e:0:${ada}:${id}`,
  id,
  ownerId: ada,
  kind: 'view',
  linkId: null,
  at: day * DAY_MS + 5000,
  visitor: '33333333333333333333333333333333',
  country: 'FR',
  referrer: null,
  device: 'mobile',
  channel: 'direct',
});

describe('counting migration 0003: weekly sums', { timeout: 60_000 }, () => {
  it('keeps every row, sums every week of days, and both releases fold after it', async () => {
    await fillAsThePreviousRelease();
    const before = await countingSnapshot(DB);
    await applyD1Migrations(DB, env.TEST_COUNT_MIGRATIONS);
    expect(await countingSnapshot(DB)).toEqual(before);

    const adaWeeks = await weeksBesideDays(DB, ada);
    expect(adaWeeks.weeks.length).toBeGreaterThanOrEqual(3);
    expect(adaWeeks.weeks).toEqual(adaWeeks.days);
    // The compacted month is in no week; Bob's day is his one week.
    const summed = adaWeeks.weeks.reduce((sum, week) => sum + Number(week.views), 0);
    expect(summed).toBe(2 ** 8 - 1);
    expect((await weeksBesideDays(DB, bob)).weeks).toEqual([
      { week: Math.floor((day - 3) / 7), views: 7, clicks: 1, visitors: 1, saves: 1 },
    ]);

    // The previous release, still running while this one deploys, adds to a day and not its week.
    await previousFold(ada, day, 1000, 0).run();
    const thisWeek = async () =>
      (await weeksBesideDays(DB, ada, day)).weeks.find((week) => week.week === Math.floor(day / 7));
    const stale = await thisWeek();
    // This release's next fold of the week sums it again from its days, the previous release's view included.
    const db = createDb(DB);
    const [first, ...rest] = foldStatements(db, [view('44444444-4444-4444-8444-444444444444')]);
    await db.batch([first!, ...rest]);
    expect((await thisWeek())?.views).toBe(Number(stale?.views) + 1000 + 1);
    const after = await weeksBesideDays(DB, ada);
    expect(after.weeks).toEqual(after.days);
  });
});
