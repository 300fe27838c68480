import { sql, type SQL } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { dailySaves } from '../../db/counts-schema';
import { dailyBreakdowns, dailyLinkClicks, dailyStats, events } from '../../db/schema';
import { DAY_MS, visitorSeen, type RowSql } from './ledger-sql';

/**
 * The daily rollups (README, Decisions: rollups and retention), as SQL over a source `src` of
 * event rows (the old ledger's columns) that are not in the rollups yet: the unseen events of
 * a drained page, or history the bench writes at once. Drizzle `sql`
 * templates over the schema's tables: a CTE in front of an upsert whose values are
 * aggregates is more than the query builder says.
 */
export { DAY_MS };
/** The day length as a literal in the SQL text (a constant, so the plans match a bound-free query). */
const DAY = sql.raw(String(DAY_MS));
/**
 * Distinct referrer hosts and channels (the two facets whose names visitors choose) kept by
 * name per card and day; the rest of the day counts under OTHER (docs/decisions/0072). The
 * first ones seen keep their rows; within one fold, the most viewed first.
 */
export const NAMES_PER_DAY = 100;
/** The name the tail of a capped facet is counted under: no host or utm_source can be it. */
export const OTHER = '(other)';
const CAPPED = sql.raw(`('referrer', 'channel')`);

/** A column by its bare name, as INSERT column lists, conflict targets and SET want it. */
export const bare = (column: SQLiteColumn) => sql.identifier(column.name);
const bareList = (...columns: SQLiteColumn[]) => sql.join(columns.map(bare), sql`, `);
/** `column = column + excluded.column`: an upsert that adds. */
const addExcluded = (column: SQLiteColumn) => sql`${bare(column)} = ${column} + excluded.${bare(column)}`;

// The source of rows (a CTE), a row of it with its `day`, and a breakdown row.
const src = alias(events, 'src');
const u = alias(events, 'u');
const x = alias(dailyBreakdowns, 'x');

/** Row `u`'s columns, for the ledger's questions. */
const uRow: RowSql = {
  id: sql`${u.id}`,
  userId: sql`${u.userId}`,
  at: sql`${u.at}`,
  visitor: sql`${u.visitor}`,
  kind: sql`${u.kind}`,
  day: sql`${u}.day`,
};

/**
 * The three upserts that add `source` to the rollups. `history`: `source` is whole days of
 * history written at once (the bench), so nobody was counted before; otherwise `source` is
 * about to join the ledger and a visitor it already holds that day is not counted again. A save
 * of the contact counts in `saves` and, as a click does, its visitor among the day's; it has no
 * link and no views or clicks to break down.
 */
export function rollupStatements(source: SQL, history = false): SQL[] {
  const newVisitor = history ? sql`1` : sql`NOT ${visitorSeen(uRow)}`;
  const newClicker = history ? sql`${u.kind} = 'click'` : sql`${u.kind} = 'click' AND NOT ${visitorSeen(uRow, true)}`;
  const day = sql`${src.at} / ${DAY}`;
  return [
    sql`WITH ${src} AS (${source})
INSERT INTO ${dailyStats} (${bareList(dailyStats.userId, dailyStats.day, dailyStats.views, dailyStats.clicks, dailyStats.visitors, dailyStats.clickers, dailyStats.lastViewAt, dailySaves.saves)})
SELECT ${u.userId}, ${u}.day, sum(${u.kind} = 'view'), sum(${u.kind} = 'click'),
  count(DISTINCT ${u.visitor}) FILTER (WHERE ${newVisitor}),
  count(DISTINCT ${u.visitor}) FILTER (WHERE ${newClicker}),
  max(${u.at}) FILTER (WHERE ${u.kind} = 'view'), sum(${u.kind} = 'save')
FROM (SELECT *, ${day} AS day FROM ${src}) AS ${u} WHERE 1 GROUP BY ${u.userId}, ${u}.day
ON CONFLICT (${bareList(dailyStats.userId, dailyStats.day)}) DO UPDATE SET ${sql.join(
      [dailyStats.views, dailyStats.clicks, dailyStats.visitors, dailyStats.clickers, dailySaves.saves].map(
        addExcluded,
      ),
      sql`, `,
    )},
  ${bare(dailyStats.lastViewAt)} = coalesce(max(${dailyStats.lastViewAt}, excluded.${bare(dailyStats.lastViewAt)}), ${dailyStats.lastViewAt}, excluded.${bare(dailyStats.lastViewAt)})`,
    sql`WITH ${src} AS (${source})
INSERT INTO ${dailyLinkClicks} (${bareList(dailyLinkClicks.userId, dailyLinkClicks.day, dailyLinkClicks.linkId, dailyLinkClicks.clicks)})
SELECT ${src.userId}, ${day}, ${src.linkId}, count(*) FROM ${src} WHERE ${src.kind} = 'click' AND ${src.linkId} IS NOT NULL GROUP BY 1, 2, 3
ON CONFLICT (${bareList(dailyLinkClicks.userId, dailyLinkClicks.day, dailyLinkClicks.linkId)}) DO UPDATE SET ${addExcluded(dailyLinkClicks.clicks)}`,
    sql`WITH ${src} AS (${source}),
b AS (SELECT user_id, facet, day, name, sum(kind = 'view') AS views, sum(kind = 'click') AS clicks FROM (
  SELECT ${src.userId} AS user_id, 'referrer' AS facet, ${day} AS day, ${src.referrer} AS name, ${src.kind} AS kind FROM ${src} WHERE ${src.referrer} IS NOT NULL
  UNION ALL SELECT ${src.userId}, 'country', ${day}, coalesce(${src.country}, 'unknown'), ${src.kind} FROM ${src}
  UNION ALL SELECT ${src.userId}, 'device', ${day}, ${src.device}, ${src.kind} FROM ${src}
  UNION ALL SELECT ${src.userId}, 'channel', ${day}, ${src.channel}, ${src.kind} FROM ${src}
) GROUP BY 1, 2, 3, 4 HAVING sum(kind <> 'save') > 0),
-- A capped facet's name that the day has no row for yet, and how many named rows the day holds.
n AS (SELECT b.*, facet IN ${CAPPED} AND NOT EXISTS (SELECT 1 FROM ${dailyBreakdowns} AS ${x}
    WHERE ${x.userId} = b.user_id AND ${x.facet} = b.facet AND ${x.day} = b.day AND ${x.name} = b.name) AS new,
  (SELECT count(*) FROM ${dailyBreakdowns} AS ${x} WHERE ${x.userId} = b.user_id AND ${x.facet} = b.facet
    AND ${x.day} = b.day AND ${x.name} <> ${OTHER}) AS held FROM b)
INSERT INTO ${dailyBreakdowns} (${bareList(dailyBreakdowns.userId, dailyBreakdowns.facet, dailyBreakdowns.day, dailyBreakdowns.name, dailyBreakdowns.views, dailyBreakdowns.clicks)})
SELECT user_id, facet, day, CASE WHEN new AND held + row_number() OVER (PARTITION BY user_id, facet, day, new
    ORDER BY views DESC, clicks DESC, name) > ${NAMES_PER_DAY} THEN ${OTHER} ELSE name END, views, clicks
FROM n WHERE true
ON CONFLICT (${bareList(dailyBreakdowns.userId, dailyBreakdowns.facet, dailyBreakdowns.day, dailyBreakdowns.name)}) DO UPDATE SET ${sql.join(
      [dailyBreakdowns.views, dailyBreakdowns.clicks].map(addExcluded),
      sql`, `,
    )}`,
  ];
}
