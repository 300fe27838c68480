import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { cards, users } from '../schema';

// Contact exchange: what visitors of a card share with its owner, and the owner's switches.

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * Contact exchange: whether the card offers 'Share your contact', whether the owner
 * is mailed for each new contact, and how many contacts were ever shared (a conversion in the
 * statistics, kept when the owner deletes a contact). Absent row: off, mail on, none shared.
 */
export const contactSettings = sqliteTable('contact_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  exchange: integer('exchange', { mode: 'boolean' }).notNull().default(false),
  notify: integer('notify', { mode: 'boolean' }).notNull().default(true),
  submitted: integer('submitted').notNull().default(0),
  updatedAt: integer('updated_at').notNull().default(now),
});

/**
 * A visitor's details left on a card, seen only by its owner and deleted with the account.
 * `visitor` is the day's visitor hash (services/events/visitor-hash.ts), kept to bound how many
 * contacts one visitor may leave on one card; it names nobody once the day's salt is gone.
 */
export const contacts = sqliteTable(
  'contacts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The card it was left on; null only for a row the previous release inserted, until migration 0017's trigger fills it. */
    cardId: text('card_id').references(() => cards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    note: text('note').notNull().default(''),
    visitor: text('visitor').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('contacts_user_created').on(t.userId, t.createdAt),
    index('contacts_visitor').on(t.userId, t.visitor),
    index('contacts_card_created').on(t.cardId, t.createdAt),
    index('contacts_card_visitor').on(t.cardId, t.visitor),
  ],
);
