import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { cards, users } from '../schema';

// What operators and the service keep beside the cards: deletions in progress, visitors'
// reports, the audit log of admin actions, and the link blocklist. Times are epoch ms.

/**
 * An account deletion in progress (README, Operating: deleting an account). Written first, in
 * the batch that takes the card offline; the work (KV, R2, then every D1 row in one batch that
 * also deletes this row) follows. A row still here means a deletion died halfway: the cron
 * finishes it. No foreign key: it must outlive the user row it names.
 */
export const accountDeletions = sqliteTable('account_deletions', {
  userId: text('user_id').primaryKey(),
  startedAt: integer('started_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
});

/** A visitor's report of a card (/p/{username}/report). No reporter identity beyond a bounded hash. */
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The reported card's owner. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The reported card; null only for a row the previous release inserted, until migration 0017's trigger fills it. */
    cardId: text('card_id').references(() => cards.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['phishing', 'impersonation', 'spam', 'other'] }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    /** Set when an operator closes it: 'dismissed' or 'taken_down' (acted on). */
    resolution: text('resolution', { enum: ['dismissed', 'taken_down'] }),
    resolvedAt: integer('resolved_at'),
    /** Who closed it (the operator's address at the time) and why: the report's own history. */
    resolvedBy: text('resolved_by'),
    resolutionReason: text('resolution_reason'),
  },
  (t) => [
    index('reports_open').on(t.resolvedAt, t.createdAt),
    index('reports_user').on(t.userId),
    index('reports_card').on(t.cardId),
  ],
);

/**
 * Every admin action: who (the operator's id and address at the time), what, on whom (the
 * account id and the card's username, never more of the account), when and why. Kept when
 * either account is deleted: it is the operators' own record of what they did.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    reason: text('reason').notNull().default(''),
    /** The report the action answered (a dismissal, or a takedown started from a report). */
    reportId: integer('report_id'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('audit_log_at').on(t.createdAt)],
);

/**
 * Mail owed to an account, written in the same batch as the change it tells of, so the command
 * line (which cannot send mail) and a send that failed are both covered: the API sends at once,
 * the cron sends what is left (services/notices.ts) and deletes each row once sent.
 */
export const notices = sqliteTable(
  'notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['second_factor_reset'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('notices_created').on(t.createdAt)],
);

/**
 * Listed domains and URLs: the bundled snapshot is code (worker/services/link-safety/snapshot.ts);
 * these rows come from the operator-configured feed (BLOCKLIST_FEED_URL), replaced on each refresh.
 */
export const blocklist = sqliteTable('blocklist', {
  /** A lower-cased host ('evil.example'), or a URL without its fragment. */
  value: text('value').primaryKey(),
  kind: text('kind', { enum: ['domain', 'url'] }).notNull(),
  addedAt: integer('added_at').notNull(),
});

/** One row (id 1): when the feed was last fetched, and how far the scan of saved links has come. */
export const blocklistState = sqliteTable('blocklist_state', {
  id: integer('id').primaryKey(),
  feedFetchedAt: integer('feed_fetched_at'),
  /** A hash of the list (snapshot and feed): a change starts a new scan of every link. */
  listVersion: text('list_version'),
  scannedVersion: text('scanned_version'),
  /** The last link id the running scan has checked (0 when it starts). */
  scanCursor: integer('scan_cursor').notNull().default(0),
});
