import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Contact, ContactsResponse } from '@shared/schemas/contacts';
import { cards, contacts } from '../../db/schema';
import type { Db } from '../../env';
import { notFound } from '../../lib/errors';

export const CONTACT_NOT_FOUND = 'Contact not found';
/** The most a list answers; search narrows it down. */
const LIST_MAX = 500;

export type ContactRow = typeof contacts.$inferSelect;

/** What the owner sees of a contact: never the visitor hash. */
export const serializeContact = (row: ContactRow): Contact => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  note: row.note,
  created_at: new Date(row.createdAt).toISOString(),
});

/** The owner's contact settings; a card that never set them has exchange off and mail on. */
export async function getContactSettings(db: Db, cardId: string) {
  const row = await db
    .select({ exchange: cards.contactExchange, notify: cards.contactNotify })
    .from(cards)
    .where(eq(cards.id, cardId))
    .get();
  return { exchange: row?.exchange ?? false, notify: row?.notify ?? true };
}

/** Turns contact exchange or the mail per contact on or off (an upsert: the row may not exist yet). */
export function writeContactSettings(db: Db, cardId: string, change: { exchange?: boolean; notify?: boolean }) {
  return db
    .update(cards)
    .set({
      ...(change.exchange !== undefined ? { contactExchange: change.exchange } : {}),
      ...(change.notify !== undefined ? { contactNotify: change.notify } : {}),
    })
    .where(eq(cards.id, cardId));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The owner's contacts, newest first, optionally only those matching `q` in any field. */
export async function listContacts(db: Db, cardId: string, q: string): Promise<ContactsResponse> {
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  const like = (column: SQLiteColumn) => sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
  const match = q
    ? or(like(contacts.name), like(contacts.email), like(contacts.phone), like(contacts.company), like(contacts.note))
    : undefined;
  const [rows, total, settings] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.cardId, cardId), match))
      .orderBy(desc(contacts.createdAt), sql`rowid DESC`)
      .limit(LIST_MAX)
      .all(),
    db.select({ n: count() }).from(contacts).where(eq(contacts.cardId, cardId)).get(),
    getContactSettings(db, cardId),
  ]);
  return {
    contacts: rows.map(serializeContact),
    total: total?.n ?? 0,
    contact_exchange: settings.exchange,
    notify: settings.notify,
  };
}

/** Every contact, oldest first, for the exports. */
export const allContacts = (db: Db, cardId: string) =>
  db
    .select()
    .from(contacts)
    .where(eq(contacts.cardId, cardId))
    .orderBy(contacts.createdAt, sql`rowid`)
    .all();

/** Deletes one of the owner's contacts; someone else's answers 404 like a missing one. */
export async function deleteContact(db: Db, cardId: string, id: string) {
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.cardId, cardId)))
    .returning({ id: contacts.id });
  if (deleted.length === 0) throw notFound(CONTACT_NOT_FOUND);
}
