import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { cards } from '../schema';

/**
 * A card's own domain (docs/decisions/0103-custom-domains.md): the hostname, normalised, and what
 * Cloudflare for SaaS last said of it. One hostname names at most one card, and a card has at most
 * one hostname. `cardId` becomes null when the card goes (its account deleted): the cron then
 * deletes the hostname at Cloudflare and the row.
 */
export const customHostnames = sqliteTable(
  'custom_hostnames',
  {
    id: text('id').primaryKey(),
    cardId: text('card_id').references(() => cards.id, { onDelete: 'set null' }),
    /** Lower case, punycode, no trailing dot. */
    hostname: text('hostname').notNull(),
    /** Cloudflare's id of the custom hostname; null for a development `.localhost` name, never sent. */
    cloudflareId: text('cloudflare_id'),
    /** Cloudflare's hostname status: pending, active, moved, blocked, deleted (and its in-between ones). */
    status: text('status').notNull(),
    /** The certificate's status: pending_validation, pending_issuance, active, or a timed-out one. */
    sslStatus: text('ssl_status').notNull(),
    /** JSON: the TXT records the owner adds ({ name, value }[]), ownership first. */
    records: text('records').notNull().default('[]'),
    /** JSON: what Cloudflare says is wrong (verification and validation errors), as it says it. */
    problems: text('problems').notNull().default('[]'),
    /** The state the owner was last e-mailed about ('active' or 'failed'), so each is sent once. */
    notified: text('notified'),
    createdAt: integer('created_at').notNull(),
    checkedAt: integer('checked_at'),
    /** When the cron asks Cloudflare next (backoff grows with the hostname's age). */
    nextCheckAt: integer('next_check_at').notNull(),
  },
  (t) => [
    uniqueIndex('custom_hostnames_hostname_unique').on(t.hostname),
    uniqueIndex('custom_hostnames_card_unique').on(t.cardId),
    index('custom_hostnames_next_check').on(t.nextCheckAt),
  ],
);
