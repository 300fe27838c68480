import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../schema';

// Signed webhooks (docs/decisions/0098-signed-webhooks.md): where an account wants its events
// sent, and the log of what was sent.

/** An account's webhook endpoint. */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** JSON array of event types (shared/webhooks.ts, WEBHOOK_EVENTS). */
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    /** JSON array of the card ids it covers; null: every card of the account. */
    cardIds: text('card_ids', { mode: 'json' }).$type<string[]>(),
    /**
     * `whsec_…`, kept as it is: signing needs the secret itself, so it cannot be stored as a
     * hash the way a token is (docs/security.md). Never answered after creation or rotation.
     */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, which still signs until `previousUntil`. */
    previousSecret: text('previous_secret'),
    previousUntil: integer('previous_until'),
    createdAt: integer('created_at').notNull(),
    /** When the first of the failures still unbroken by a success happened; null: not failing. */
    failingSince: integer('failing_since'),
    /** Set when three days of failures disabled it; null: enabled. */
    disabledAt: integer('disabled_at'),
    /** The last UTC day (YYYY-MM-DD) whose stats.daily was sent. */
    statsSentOn: text('stats_sent_on'),
  },
  (t) => [index('webhook_endpoints_user').on(t.userId)],
);

/** One message to one endpoint and its latest attempt; the last 100 of each endpoint are kept. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    /** `msg_…`: the `webhook-id` every attempt of this message carries. */
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The JSON body exactly as it is signed and sent. */
    body: text('body').notNull(),
    /** 'pending' (waiting for its next attempt), 'delivered', 'failed' (given up). */
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due (or the attempt under way stops holding it); null when none is. */
    nextAt: integer('next_at'),
    createdAt: integer('created_at').notNull(),
    /** The first attempt of the current round (resending starts a new one): its window is three days. */
    roundAt: integer('round_at').notNull(),
    lastAt: integer('last_at'),
    /** The receiver's HTTP status; null when none came (refused address, timeout, network). */
    lastStatus: integer('last_status'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
  },
  (t) => [
    index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due').on(t.status, t.nextAt),
  ],
);
