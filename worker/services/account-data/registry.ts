import { getTableName } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as c from '../../db/counts-schema';
import * as t from '../../db/schema';
import { LEGACY_PREFIX, ownerPrefixes } from '../events/buffer';
import { undoPrefix } from '../links';
import { userMediaPrefixes } from '../media';

/**
 * The one registry of where an account's data lives: every D1 table with rows of the user,
 * the KV prefixes of its buffered events and the R2 prefixes of its images. Deleting an
 * account (account-deletion.ts) removes exactly this; the export (export.ts) reads the card's
 * part of it. A test introspects sqlite_master: a new table must be listed here or in
 * NOT_USER_DATA with its reason, or the test fails.
 */

/**
 * How a table's rows name the user: a column holding the id, or one holding the e-mail address.
 * `ref` is the drizzle column the deletion filters on; `table` and `column` are its SQL names.
 */
export type UserTable = { table: string; column: string; by: 'id' | 'email'; ref: SQLiteColumn };

const of = (ref: SQLiteColumn, by: 'id' | 'email'): UserTable => ({
  table: getTableName(ref.table),
  column: ref.name,
  by,
  ref,
});

/**
 * In deletion order: children first, `users` last (its rows are what the others point to). The
 * ledger and rollup tables are the accounts database's of before the counting databases: they
 * only empty, and a deletion takes what is left of the account there too.
 */
export const USER_TABLES: UserTable[] = [
  of(t.events.userId, 'id'),
  of(t.dailyStats.userId, 'id'),
  of(t.dailyLinkClicks.userId, 'id'),
  of(t.dailyBreakdowns.userId, 'id'),
  of(t.links.userId, 'id'),
  of(t.reports.userId, 'id'),
  // What visitors shared with the owner, and the owner's contact-exchange switches.
  of(t.contacts.userId, 'id'),
  of(t.contactSettings.userId, 'id'),
  of(t.refreshTokens.userId, 'id'),
  of(t.sessions.userId, 'id'),
  of(t.passwordResets.userId, 'id'),
  of(t.totpFactors.userId, 'id'),
  of(t.recoveryCodes.userId, 'id'),
  of(t.passkeys.userId, 'id'),
  // Personal access tokens (their hashes): deleting the account refuses them at once, by its status, then removes them.
  of(t.apiTokens.userId, 'id'),
  // Signed webhooks: the delivery log before the endpoints it belongs to.
  of(t.webhookDeliveries.userId, 'id'),
  of(t.webhookEndpoints.userId, 'id'),
  of(t.authChallenges.userId, 'id'),
  of(t.emailChanges.userId, 'id'),
  // Mail owed to the owner (a second factor reset by support), sent by the cron.
  of(t.notices.userId, 'id'),
  // Bounds counted per account (wrong codes, re-authentication) and per address (failed sign-ins, mails).
  of(t.authAttempts.subject, 'id'),
  of(t.authAttempts.subject, 'email'),
  of(t.devMail.to, 'email'),
  // Every card of the account, after what points to it (links, contacts, reports).
  of(t.cards.userId, 'id'),
  of(t.profiles.userId, 'id'),
  of(t.users.id, 'id'),
];

/**
 * The tables of every counting database (docs/decisions/0071) with rows of the card, by its
 * id; the deletion empties them in every shard. A test introspects a shard's sqlite_master.
 */
export const COUNT_TABLES: UserTable[] = [
  of(t.events.userId, 'id'),
  of(t.dailyStats.userId, 'id'),
  of(t.dailyLinkClicks.userId, 'id'),
  of(t.dailyBreakdowns.userId, 'id'),
  of(c.weeklyStats.userId, 'id'),
  // Rows on their way from the accounts database (legacy-move.ts).
  of(c.movedDailyStats.userId, 'id'),
  of(c.movedDailyLinkClicks.userId, 'id'),
  of(c.movedDailyBreakdowns.userId, 'id'),
];

/** Tables of the counting databases that hold no personal data, or keep it on purpose. */
export const NOT_COUNT_USER_DATA: Record<string, string> = {
  seen_events: 'the ids of the events folded in the last hours (docs/decisions/0072): random UUIDs, no account',
  seen_visitors:
    "the day's visitor hashes (docs/decisions/0072): keyed by a salt deleted after the day, naming no account; forgotten within a day and a half",
  rollup_compaction: 'where the compaction of rollups stands: a month and a card id, no personal data',
  deleted_cards:
    'the id of a card deleted in the last hours, so a late drain does not count it again; forgotten with the ledger',
  d1_migrations: "wrangler's migration ledger",
  _cf_KV: "D1's internal table",
  _cf_METADATA: "D1's internal table",
};

/** Tables that hold no personal data of an account, or keep what they hold on purpose. */
export const NOT_USER_DATA: Record<string, string> = {
  themes: 'the catalogue',
  templates: 'the catalogue',
  visitor_salts: 'one random salt per day, no account',
  seen_events: 'the ids of the events folded in the last hours (docs/decisions/0072): random UUIDs, no account',
  seen_visitors:
    "the day's visitor hashes (docs/decisions/0072): keyed by a salt deleted after the day, naming no account; forgotten within a day and a half",
  rollup_compaction: 'where the compaction of rollups stands: a month and a card id, no personal data',
  blocklist: 'listed domains and URLs',
  blocklist_state: 'the feed and scan progress',
  username_holds:
    'the deleted card keeps its username for USERNAME_HOLD_DAYS (usernames are not recycled); the row names the id only and ends with the hold',
  audit_log: "the operators' record of their actions; names the account by id and username only",
  org_members:
    'the account’s memberships: deleted with its work cards handed back (services/orgs/leaving.ts) before the account, and by the foreign key’s cascade',
  organisations:
    "a company's: its name and settings; it outlives any member's account (docs/decisions/0104-organisations.md)",
  org_invitations:
    "the organisation's invitations: an invitee's address, kept as the organisation's record of whom it invited",
  org_audit:
    "the organisation's record of its actions; names the acting account by id only, and outlives it on purpose",
  org_templates:
    "the organisation's template: its look, field rules and required links; it names the account that saved it last by id only",
  account_deletions: 'the tombstone of a deletion in progress; removed in the same batch as the user row',
  d1_migrations: "wrangler's migration ledger",
  _cf_KV: "D1's internal table",
  _cf_METADATA: "D1's internal table",
  sqlite_sequence: "SQLite's autoincrement counters",
  custom_hostnames:
    "a card's own domain (docs/decisions/0103-custom-domains.md): when the card or account goes the row loses its card (on delete set null), stops answering at once, and the cron deletes it at Cloudflare and here; in the export as the card's domain.json",
};

/** The KV key prefixes under which the user's view and click events may still wait. */
export const userKvPrefixes = (userId: string) => [
  ...ownerPrefixes(userId),
  `${LEGACY_PREFIX}${userId}:`,
  undoPrefix(userId),
];

/** The R2 prefixes of the user's images (derivatives and the private originals). */
export const userR2Prefixes = (userId: string) => userMediaPrefixes(userId);
