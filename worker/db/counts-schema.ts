import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Tables of the counting databases only (migrations-counts/, docs/decisions/0071). The ledger and
// rollup tables they share with the accounts database's past are in schema/events.ts; drizzle-kit
// reads schema.ts alone, so nothing here ever lands in the accounts database.

/**
 * The cards deleted in the last hours: a drain that looked the card up before its deletion and
 * writes after it adds nothing (fold.ts), since the deletion wrote this row in the same shard
 * batch that removed the card's rows. Forgotten with the ledger: no drain folds an event that old.
 */
export const deletedCards = sqliteTable('deleted_cards', {
  userId: text('user_id').primaryKey(),
  deletedAt: integer('deleted_at').notNull(),
});

/**
 * Rollup rows on their way from the accounts database (services/events/legacy-move.ts; the
 * columns are the rollups', in migrations-counts/0001). Only the owner is named here: the
 * deletion of an account clears them by it, the move writes them with SQL of its own.
 */
const moved = (name: string) => sqliteTable(name, { userId: text('user_id').notNull() });
export const movedDailyStats = moved('moved_daily_stats');
export const movedDailyLinkClicks = moved('moved_daily_link_clicks');
export const movedDailyBreakdowns = moved('moved_daily_breakdowns');

/**
 * The daily rollups' column the counting databases alone have (migrations-counts/0002): saves of
 * the contact (the card's vCard downloaded). The accounts database's rollups of before never
 * counted them, so the rest of the table is described in schema/events.ts and only this is here.
 */
export const dailySaves = sqliteTable('daily_stats', {
  userId: text('user_id').notNull(),
  day: integer('day').notNull(),
  saves: integer('saves').notNull().default(0),
});

/**
 * Each card's daily rollups added up per week (`week` = day since 1970-01-01 divided by 7, so a
 * week runs Thursday to Wednesday), recomputed from the days whenever a fold or a move writes one
 * of them (services/events/weekly-sql.ts). An organisation's analytics read whole weeks here and
 * only the few days before the range's first whole week from the days: a thousand cards' 90
 * days are some 19,000 rows instead of 90,000 (docs/decisions/0108-weekly-sums.md). Only the
 * weeks a bounded range can reach are kept; the compaction drops older ones.
 */
export const weeklyStats = sqliteTable(
  'weekly_stats',
  {
    userId: text('user_id').notNull(),
    week: integer('week').notNull(),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    saves: integer('saves').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);
