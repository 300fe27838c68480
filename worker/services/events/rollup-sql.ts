import { sql, type SQL } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { dailyBreakdowns, dailyLinkClicks, dailyStats, events } from '../../db/schema';

/**
 * The daily rollups (README, Decisions: rollups and retention), as SQL over a source `src` of
 * event rows (the ledger's columns) that are not in the rollups yet: the unseen events of a
 * drained page, or the whole ledger when the rollups are built from it. Drizzle `sql`
 * templates over the schema's tables: a CTE in front of an upsert whose values are
 * aggregates is more than the query builder says.
 */
export const DAY_MS = 86_400_000;
/** The day length as a literal in the SQL text (a constant, so the plans match a bound-free query). */
const DAY = sql.raw(String(DAY_MS));

/** A column by its bare name, as INSERT column lists, conflict targets and SET want it. */
export const bare = (column: SQLiteColumn) => sql.identifier(column.name);
const bareList = (...columns: SQLiteColumn[]) => sql.join(columns.map(bare), sql`, `);
/** `column = column + excluded.column`: an upsert that adds. */
const addExcluded = (column: SQLiteColumn) => sql`${bare(column)} = ${column} + excluded.${bare(column)}`;

// The source of rows (a CTE), a row of it with its `day`, and the ledger seen from that row.
const src = alias(events, 'src');
const u = alias(events, 'u');
const e = alias(events, 'e');

/**
 * Whether the visitor of row `u` (with `u.day`) is new to the ledger on that day, for a drain:
 * its visitor was already counted if the ledger holds an event of theirs that day. Hashes
 * rotate daily, so the day bound only keeps the check honest for hand-made rows.
 */
const unseenVisitor = (extra = sql``) =>
  sql`NOT EXISTS (SELECT 1 FROM ${events} AS ${e} WHERE ${e.userId} = ${u.userId} AND ${e.visitor} = ${u.visitor}
    AND ${e.at} >= ${u}.day * ${DAY} AND ${e.at} < (${u}.day + 1) * ${DAY}${extra})`;

/**
 * The three upserts that add `source` to the rollups. `fromLedger`: `source` is the ledger
 * itself (a rebuild), so nobody was counted before; otherwise `source` is about to join the
 * ledger and a visitor it already holds that day is not counted again.
 */
export function rollupStatements(source: SQL, fromLedger = false): SQL[] {
  const newVisitor = fromLedger ? sql`1` : unseenVisitor();
  const newClicker = fromLedger
    ? sql`${u.kind} = 'click'`
    : sql`${u.kind} = 'click' AND ${unseenVisitor(sql` AND ${e.kind} = 'click'`)}`;
  const day = sql`${src.at} / ${DAY}`;
  return [
    sql`WITH ${src} AS (${source})
INSERT INTO ${dailyStats} (${bareList(dailyStats.userId, dailyStats.day, dailyStats.views, dailyStats.clicks, dailyStats.visitors, dailyStats.clickers, dailyStats.lastViewAt)})
SELECT ${u.userId}, ${u}.day, sum(${u.kind} = 'view'), sum(${u.kind} = 'click'),
  count(DISTINCT ${u.visitor}) FILTER (WHERE ${newVisitor}),
  count(DISTINCT ${u.visitor}) FILTER (WHERE ${newClicker}),
  max(${u.at}) FILTER (WHERE ${u.kind} = 'view')
FROM (SELECT *, ${day} AS day FROM ${src}) AS ${u} WHERE 1 GROUP BY ${u.userId}, ${u}.day
ON CONFLICT (${bareList(dailyStats.userId, dailyStats.day)}) DO UPDATE SET ${sql.join(
      [dailyStats.views, dailyStats.clicks, dailyStats.visitors, dailyStats.clickers].map(addExcluded),
      sql`, `,
    )},
  ${bare(dailyStats.lastViewAt)} = coalesce(max(${dailyStats.lastViewAt}, excluded.${bare(dailyStats.lastViewAt)}), ${dailyStats.lastViewAt}, excluded.${bare(dailyStats.lastViewAt)})`,
    sql`WITH ${src} AS (${source})
INSERT INTO ${dailyLinkClicks} (${bareList(dailyLinkClicks.userId, dailyLinkClicks.day, dailyLinkClicks.linkId, dailyLinkClicks.clicks)})
SELECT ${src.userId}, ${day}, ${src.linkId}, count(*) FROM ${src} WHERE ${src.kind} = 'click' AND ${src.linkId} IS NOT NULL GROUP BY 1, 2, 3
ON CONFLICT (${bareList(dailyLinkClicks.userId, dailyLinkClicks.day, dailyLinkClicks.linkId)}) DO UPDATE SET ${addExcluded(dailyLinkClicks.clicks)}`,
    sql`WITH ${src} AS (${source})
INSERT INTO ${dailyBreakdowns} (${bareList(dailyBreakdowns.userId, dailyBreakdowns.facet, dailyBreakdowns.day, dailyBreakdowns.name, dailyBreakdowns.views, dailyBreakdowns.clicks)})
SELECT user_id, facet, day, name, sum(kind = 'view'), sum(kind = 'click') FROM (
  SELECT ${src.userId} AS user_id, 'referrer' AS facet, ${day} AS day, ${src.referrer} AS name, ${src.kind} AS kind FROM ${src} WHERE ${src.referrer} IS NOT NULL
  UNION ALL SELECT ${src.userId}, 'country', ${day}, coalesce(${src.country}, 'unknown'), ${src.kind} FROM ${src}
  UNION ALL SELECT ${src.userId}, 'device', ${day}, ${src.device}, ${src.kind} FROM ${src}
  UNION ALL SELECT ${src.userId}, 'channel', ${day}, ${src.channel}, ${src.kind} FROM ${src}
) WHERE 1 GROUP BY 1, 2, 3, 4
ON CONFLICT (${bareList(dailyBreakdowns.userId, dailyBreakdowns.facet, dailyBreakdowns.day, dailyBreakdowns.name)}) DO UPDATE SET ${sql.join(
      [dailyBreakdowns.views, dailyBreakdowns.clicks].map(addExcluded),
      sql`, `,
    )}`,
  ];
}

/**
 * Rebuilds one card's rollups from its ledger (deleting them first): for history inserted
 * into the ledger directly. Exact only while the ledger still holds every day it rebuilds.
 */
export const rebuildRollupsSql = (userId: string): SQL[] => [
  ...[dailyStats, dailyLinkClicks, dailyBreakdowns].map(
    (table) => sql`DELETE FROM ${table} WHERE ${table.userId} = ${userId}`,
  ),
  ...rollupStatements(sql`SELECT * FROM ${events} WHERE ${events.userId} = ${userId}`, true),
];
