import { sql, type SQL } from 'drizzle-orm';
import { weeklyStats } from '../../db/counts-schema';
import { dailyStats } from '../../db/schema';

/**
 * The weekly sums (counts-schema.ts, docs/decisions/0108-weekly-sums.md) as SQL. A week's row is
 * written as the sum of its days, never added to: any writer of days (a fold, a move from the
 * accounts database, a retried batch) runs `weeklySums` over what it touched after writing the
 * days, and the week is right again however often it runs. Compacted months (`days` > 1) are
 * never summed: they lie before any bounded range.
 */

/** Days since 1970-01-01 are grouped seven at a time. */
export const DAYS_PER_WEEK = 7;
const WEEK = sql.raw(String(DAYS_PER_WEEK));

/**
 * Sums again every week that `touched` (a SELECT of `user_id` and `day` columns: the events of a
 * fold, the rows of a move) names, from the daily rollups as they are now. The day is cast: a
 * number bound by D1 arrives as a REAL, and a week must come of integer division.
 */
export const weeklySums = (
  touched: SQL,
) => sql`WITH t AS (SELECT DISTINCT user_id, CAST(day AS INTEGER) / ${WEEK} AS week FROM (${touched}))
INSERT INTO ${weeklyStats} (user_id, week, views, clicks, visitors, saves)
SELECT t.user_id, t.week, sum(d.views), sum(d.clicks), sum(d.visitors), sum(d.saves)
FROM t JOIN ${dailyStats} AS d ON d.user_id = t.user_id AND d.day BETWEEN t.week * ${WEEK} AND t.week * ${WEEK} + ${sql.raw(String(DAYS_PER_WEEK - 1))}
  AND d.days = 1
WHERE true GROUP BY t.user_id, t.week
ON CONFLICT (user_id, week) DO UPDATE SET views = excluded.views, clicks = excluded.clicks,
  visitors = excluded.visitors, saves = excluded.saves`;
