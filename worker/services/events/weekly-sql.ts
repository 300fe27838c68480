import { sql, type SQL } from 'drizzle-orm';
import { dailySaves, weeklyStats } from '../../db/counts-schema';
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
export const weeklySums = (touched: SQL) => sql`WITH t AS (SELECT DISTINCT user_id, CAST(day AS INTEGER) / ${WEEK} AS week FROM (${touched}))
INSERT INTO ${weeklyStats} (user_id, week, views, clicks, visitors, saves)
SELECT t.user_id, t.week, sum(d.views), sum(d.clicks), sum(d.visitors), sum(d.saves)
FROM t JOIN ${dailyStats} AS d ON d.user_id = t.user_id AND d.day BETWEEN t.week * ${WEEK} AND t.week * ${WEEK} + ${sql.raw(String(DAYS_PER_WEEK - 1))}
  AND d.days = 1
WHERE true GROUP BY t.user_id, t.week
ON CONFLICT (user_id, week) DO UPDATE SET views = excluded.views, clicks = excluded.clicks,
  visitors = excluded.visitors, saves = excluded.saves`;

/** The first week wholly on or after `since` (a day): a range reads its weeks from here on. */
export const firstWholeWeek = (since: number) => Math.ceil(since / DAYS_PER_WEEK);

/**
 * Each of `ids`' figures from `since` on: for a bounded range (within the weeks kept) the whole
 * weeks from the weekly sums and the days before the first of them from the daily rollups; for
 * all time (`since` null) every row of the daily rollups, compacted months included. `ids` is a
 * JSON array (a thousand ids would pass D1's limit on bound parameters).
 */
export function rangeSums(ids: string, since: number | null): SQL {
  const cards = sql`user_id IN (SELECT value FROM json_each(${ids}))`;
  if (since === null) {
    return sql`SELECT user_id AS card_id, sum(views) AS views, sum(clicks) AS clicks, sum(visitors) AS visitors,
      sum(saves) AS saves FROM ${dailyStats} WHERE ${cards} GROUP BY user_id`;
  }
  const week = firstWholeWeek(since);
  return sql`SELECT user_id AS card_id, sum(views) AS views, sum(clicks) AS clicks, sum(visitors) AS visitors,
    sum(saves) AS saves FROM (
      SELECT user_id, views, clicks, visitors, saves FROM ${weeklyStats} WHERE week >= ${week} AND ${cards}
      UNION ALL
      SELECT user_id, views, clicks, visitors, ${dailySaves.saves} FROM ${dailyStats}
        WHERE day >= ${since} AND day < ${week * DAYS_PER_WEEK} AND ${cards}
    ) WHERE true GROUP BY user_id`;
}
