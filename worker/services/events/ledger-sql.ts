import { sql, type SQL } from 'drizzle-orm';
import { events, seenEvents, seenVisitors } from '../../db/schema';

/**
 * The compact ledger's questions and writes (docs/decisions/0072), as SQL over the columns of
 * an event row: was this event folded (its id in `seen_events`), was this visitor already seen
 * on the card that day (`seen_visitors`). Both also ask the ledger of before (`events`), which
 * still answers for what the previous release folded until the cron has emptied it.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
const HOUR = sql.raw(String(HOUR_MS));
const DAY = sql.raw(String(DAY_MS));

/** An event row's columns as SQL: the row's alias and column names are the caller's. */
export type RowSql = { id: SQL; userId: SQL; at: SQL; visitor: SQL; kind: SQL; day: SQL };

/** The 16 bytes of a UUID or a visitor hash written in hex (dashes skipped). */
const bytes = (hex: SQL) => sql`unhex(${hex}, '-')`;

/** Whether the event was folded already: its id is in the ledger. */
export const eventSeen = (row: Pick<RowSql, 'id' | 'at'>) =>
  sql`(EXISTS (SELECT 1 FROM ${seenEvents} WHERE ${seenEvents.hour} = ${row.at} / ${HOUR} AND ${seenEvents.id} = ${bytes(row.id)})
    OR EXISTS (SELECT 1 FROM ${events} WHERE ${events.id} = ${row.id}))`;

/**
 * Whether the row's visitor was counted on the card that day (`clicker`: as having clicked).
 * The hash covers the card (visitor-hash.ts), so the compact half needs no owner.
 */
export const visitorSeen = (row: RowSql, clicker = false) =>
  sql`(EXISTS (SELECT 1 FROM ${seenVisitors} WHERE ${seenVisitors.day} = ${row.day} AND ${seenVisitors.visitor} = ${bytes(row.visitor)}${
    clicker ? sql` AND ${seenVisitors.clicked} = 1` : sql``
  })
    OR EXISTS (SELECT 1 FROM ${events} AS old WHERE old.user_id = ${row.userId} AND old.visitor = ${row.visitor}
      AND old.at >= ${row.day} * ${DAY} AND old.at < (${row.day} + 1) * ${DAY}${clicker ? sql` AND old.kind = 'click'` : sql``}))`;

/**
 * The two writes that put `source` (rows with the ledger's columns, every one unseen) into the
 * ledger: its visitors of the day (a returning one only written when they first click), then
 * its ids. They run after the rollups in the same batch, which read the ledger before them.
 */
export const ledgerInserts = (source: SQL): SQL[] => [
  sql`INSERT INTO ${seenVisitors} (day, visitor, clicked)
SELECT at / ${DAY}, ${bytes(sql.raw('visitor'))}, max(kind = 'click') FROM (${source}) WHERE true GROUP BY 1, 2
ON CONFLICT (day, visitor) DO UPDATE SET clicked = 1 WHERE excluded.clicked = 1 AND ${seenVisitors.clicked} = 0`,
  sql`INSERT OR IGNORE INTO ${seenEvents} (hour, id) SELECT at / ${HOUR}, ${bytes(sql.raw('id'))} FROM (${source})`,
];
