import { blob, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../schema';

// The counters: the event ledger the drain folds, the daily rollups the statistics read, and the
// salts of the visitor hash. Times are epoch milliseconds; booleans are 0/1 integers.

/**
 * The counter ledger of before the compact one (docs/decisions/0072): every event with its
 * strings, kept 35 days. No longer written; the fold still checks it for ids and visitors that
 * it folded before the compact ledger existed, and the cron empties it (it holds nothing past
 * the fold window). A later release drops it (a `-- contract:` migration).
 */
export const events = sqliteTable(
  'events',
  {
    id: text('id').primaryKey(),
    /** The card's owner. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['view', 'click'] }).notNull(),
    /** The clicked link (clicks only). No foreign key: a click stays counted after its link is deleted. */
    linkId: integer('link_id'),
    at: integer('at').notNull(),
    visitor: text('visitor').notNull(),
    /** ISO 3166 alpha-2 from Cloudflare, null when unknown. */
    country: text('country'),
    /** Host of an outside referring page, null for direct visits. */
    referrer: text('referrer'),
    device: text('device', { enum: ['mobile', 'tablet', 'desktop'] }).notNull(),
    channel: text('channel').notNull(),
  },
  (t) => [index('events_user_visitor').on(t.userId, t.visitor), index('events_at').on(t.at)],
);

/**
 * The compact ledger, first half: the ids of the events folded in the last hours, so a drain's
 * retry or overlap counts nothing twice (docs/decisions/0072). `id` is the event's UUID as 16
 * bytes, `hour` the hour of the event (hours since 1970): rows are pruned by whole hours, once
 * no drain may still fold an event of that hour (FOLD_WINDOW_MS). WITHOUT ROWID in the
 * migration: the key is the row, about 25 bytes.
 */
export const seenEvents = sqliteTable(
  'seen_events',
  {
    hour: integer('hour').notNull(),
    id: blob('id', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.id] })],
);

/**
 * The compact ledger, second half: the visitor hashes seen on a UTC day, so a visitor counts
 * once a day. The hash is of the IP, the browser and the card (visitor-hash.ts), so it names
 * the card already: no owner column. 16 bytes, `clicked` 1 once they clicked a link that day.
 * Pruned when no drain may fold an event of that day any more. WITHOUT ROWID in the migration.
 */
export const seenVisitors = sqliteTable(
  'seen_visitors',
  {
    day: integer('day').notNull(),
    visitor: blob('visitor', { mode: 'buffer' }).notNull(),
    clicked: integer('clicked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);

/**
 * Daily rollups of the ledger, one row per card and UTC day (`day` = days since 1970-01-01),
 * added to by the same D1 batch that folds an event into the ledger, so the statistics read
 * days, never a card's raw history. `visitors` and `clickers` are distinct visitor hashes of
 * that day; the hashes rotate daily, so the days' counts add up to the all-time figure.
 */
export const dailyStats = sqliteTable(
  'daily_stats',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    /** Visitors who clicked at least one link that day. */
    clickers: integer('clickers').notNull().default(0),
    lastViewAt: integer('last_view_at'),
    /** 1 for a day; a month's length once its days are compacted into the row of its first day (compaction.ts). */
    days: integer('days').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Clicks per link per day. No foreign key on the link: its clicks stay counted after it is deleted. */
export const dailyLinkClicks = sqliteTable(
  'daily_link_clicks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    linkId: integer('link_id').notNull(),
    clicks: integer('clicks').notNull().default(0),
    days: integer('days').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.linkId] })],
);

/**
 * Views and clicks per day by referrer host, country ('unknown' when Cloudflare could not
 * tell), device and channel: the statistics screen's breakdowns.
 */
export const dailyBreakdowns = sqliteTable(
  'daily_breakdowns',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    facet: text('facet', { enum: ['referrer', 'country', 'device', 'channel'] }).notNull(),
    name: text('name').notNull(),
    views: integer('views').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    days: integer('days').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.userId, t.facet, t.day, t.name] })],
);

/**
 * One random salt per UTC day for the visitor hash (README, Decisions: privacy). Created once
 * by whichever request comes first that day (INSERT OR IGNORE, then read back), deleted by the
 * cron once older than yesterday, so nobody can later recompute a stored hash from an IP.
 */
export const visitorSalts = sqliteTable('visitor_salts', {
  /** YYYY-MM-DD, UTC. */
  day: text('day').primaryKey(),
  /** 32 random bytes, hex. */
  salt: text('salt').notNull(),
});

/**
 * Where the compaction of daily rollups into months stands (compaction.ts): one row, the month
 * being compacted (months since 1970-01) and the last card done in it.
 */
export const rollupCompaction = sqliteTable('rollup_compaction', {
  id: integer('id').primaryKey(),
  month: integer('month').notNull(),
  after: text('after').notNull().default(''),
});
