import { STATS_RANGES } from '@shared/constants';
import { eq, sql } from 'drizzle-orm';
import { createDb, statement } from '../../db/client';
import { weeklyStats } from '../../db/counts-schema';
import { dailyBreakdowns, dailyLinkClicks, dailyStats, rollupCompaction } from '../../db/schema';
import type { CountBindings } from '../../env';
import { everyShard } from './counts';
import { DAY_MS } from './ledger-sql';
import { OTHER } from './rollup-sql';
import { DAYS_PER_WEEK } from './weekly-sql';

/**
 * Monthly rollups (docs/decisions/0072): once a whole month lies further back than the longest
 * range the statistics offer (90 days), its daily rows of a card become one row per month (on
 * the month's first day, `days` its length), and its referrer hosts and channels the month's
 * NAMES_PER_MONTH most viewed, the rest under OTHER. Every range still reads exactly what it
 * read: a bounded range ends before any compacted month, and all time adds everything up.
 */
export const COMPACT_AFTER_DAYS = Math.max(...STATS_RANGES.filter((r) => r !== 'all').map(Number));
export const NAMES_PER_MONTH = 100;
/** Cards compacted per cron tick: a million cards take a month's compaction about 17 hours. */
const CARDS_PER_TICK = 1000;

/** Months since 1970-01 of a day since 1970-01-01, and back. */
export const monthOf = (day: number) => {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth() - 1970 * 12;
};
export const firstDayOf = (month: number) => Date.UTC(1970, month, 1) / DAY_MS;

/** The statements that compact `month` for the cards `after` < user_id <= `last` (no bound: to the end). */
function compactStatements(month: number, after: string, last: string | null) {
  const first = firstDayOf(month);
  const end = firstDayOf(month + 1) - 1;
  const length = end - first + 1;
  const cards = sql`user_id > ${after}${last === null ? sql`` : sql` AND user_id <= ${last}`}`;
  const inMonth = sql`${cards} AND day BETWEEN ${first} AND ${end}`;
  // Each target row appears once, so an upsert replaces the first day's own row with the sum.
  return [
    sql`INSERT INTO ${dailyStats} (user_id, day, views, clicks, visitors, clickers, last_view_at, saves, days)
      SELECT user_id, ${first}, sum(views), sum(clicks), sum(visitors), sum(clickers), max(last_view_at), sum(saves), ${length}
      FROM ${dailyStats} WHERE ${inMonth} AND days = 1 GROUP BY user_id
      ON CONFLICT (user_id, day) DO UPDATE SET views = excluded.views, clicks = excluded.clicks,
        visitors = excluded.visitors, clickers = excluded.clickers, last_view_at = excluded.last_view_at,
        saves = excluded.saves, days = excluded.days`,
    sql`INSERT INTO ${dailyLinkClicks} (user_id, day, link_id, clicks, days)
      SELECT user_id, ${first}, link_id, sum(clicks), ${length} FROM ${dailyLinkClicks} WHERE ${inMonth} AND days = 1
      GROUP BY user_id, link_id
      ON CONFLICT (user_id, day, link_id) DO UPDATE SET clicks = excluded.clicks, days = excluded.days`,
    sql`INSERT INTO ${dailyBreakdowns} (user_id, facet, day, name, views, clicks, days)
      SELECT user_id, facet, ${first}, name, sum(views), sum(clicks), ${length} FROM (
        SELECT user_id, facet, CASE WHEN facet IN ('referrer', 'channel') AND row_number() OVER (
          PARTITION BY user_id, facet ORDER BY name = ${OTHER}, views DESC, clicks DESC, name) > ${NAMES_PER_MONTH}
          THEN ${OTHER} ELSE name END AS name, views, clicks
        FROM (SELECT user_id, facet, name, sum(views) AS views, sum(clicks) AS clicks FROM ${dailyBreakdowns}
          WHERE ${inMonth} AND days = 1 GROUP BY user_id, facet, name)
      ) WHERE true GROUP BY user_id, facet, name
      ON CONFLICT (user_id, facet, day, name) DO UPDATE SET views = excluded.views, clicks = excluded.clicks, days = excluded.days`,
    // What is left of the month as days: every daily row (the first day's own rows were replaced).
    ...[dailyStats, dailyLinkClicks, dailyBreakdowns].map(
      (table) => sql`DELETE FROM ${table} WHERE ${inMonth} AND days = 1`,
    ),
    // Weeks that end within the month or before: no bounded range reaches them (weekly-sql.ts).
    sql`DELETE FROM ${weeklyStats} WHERE ${cards} AND week * ${DAYS_PER_WEEK} + ${DAYS_PER_WEEK - 1} <= ${end}`,
  ];
}

/**
 * The cron's part: compacts the next CARDS_PER_TICK cards of the month being compacted, if that
 * month is old enough, and moves on (to the next month once every card is done). Answers the
 * month worked on, or null when no month is due.
 */
export async function compactRollups(d1: D1Database, now = Date.now()): Promise<number | null> {
  const db = createDb(d1);
  const today = Math.floor(now / DAY_MS);
  let state = await db.select().from(rollupCompaction).where(eq(rollupCompaction.id, 1)).get();
  if (!state) {
    // Once: start at the oldest month with daily rows (one scan of the rollups).
    const oldest = await db.get<{ day: number | null }>(sql`SELECT min(day) AS day FROM ${dailyStats} WHERE days = 1`);
    state = { id: 1, month: monthOf(oldest?.day ?? today), after: '' };
  }
  const { month, after } = state;
  if (firstDayOf(month + 1) - 1 >= today - COMPACT_AFTER_DAYS) return null;
  // The cards counted in this database: the distinct owners of its rollups, in key order.
  const lastCard = await db.get<{ user_id: string } | undefined>(
    sql`SELECT DISTINCT ${dailyStats.userId} AS user_id FROM ${dailyStats} WHERE ${dailyStats.userId} > ${after}
      ORDER BY 1 LIMIT 1 OFFSET ${CARDS_PER_TICK - 1}`,
  );
  const last = lastCard?.user_id ?? null;
  const next = last === null ? { month: month + 1, after: '' } : { month, after: last };
  const saved = db
    .insert(rollupCompaction)
    .values({ id: 1, ...next })
    .onConflictDoUpdate({ target: rollupCompaction.id, set: next });
  await db.batch([saved, ...compactStatements(month, after, last).map((query) => statement(db, query))]);
  return month;
}

/** The cron's part over every counting database: each compacts its own cards, its place its own. */
export const compactEveryShard = (env: CountBindings, now = Date.now()) =>
  Promise.all(everyShard(env).map(({ d1 }) => compactRollups(d1, now)));
