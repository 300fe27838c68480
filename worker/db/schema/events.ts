import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../schema';

// The counters: the event ledger the drain folds, the daily rollups the statistics read, and the
// salts of the visitor hash. Times are epoch milliseconds; booleans are 0/1 integers.

/**
 * The counter ledger: every view and click folded in from the KV buffer (README, Decisions:
 * one KV entry per event), keyed by the event's id so a drain applies it at most once (INSERT OR IGNORE)
 * however often it retries or overlaps. Each fold also adds the event to the counters
 * (`profiles.views`, `last_viewed_at`, `links.clicks`) and to the daily rollups below, never
 * recounting from here. Rows are kept RETENTION_DAYS (README, Decisions: rollups), then
 * deleted by the cron: the statistics read the rollups, so the ledger only has to remember
 * which ids were folded and which visitors were seen on a day. No IP address: `visitor` is a
 * hash under a random salt of the day (`visitor_salts`).
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
