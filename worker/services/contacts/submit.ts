import {
  CONTACTS_PER_CARD_MAX,
  CONTACTS_PER_CLIENT_PER_HOUR,
  CONTACTS_PER_VISITOR,
  type ContactSubmitBody,
} from '@shared/schemas/contacts';
import { DAY_MS, HOUR_MS } from '@shared/constants';
import { and, count, eq, exists, gte, lt, min, sql } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { cards, contacts } from '../../db/schema';
import { accountOf } from '../card-owner';
import type { Bindings } from '../../env';
import { clientKey, clientNetwork } from '../../lib/client-key';
import { secret } from '../../lib/config';
import { withinBound } from '../events/bounds';
import { utcDay, visitorHash, visitorKey } from '../events/visitor-hash';

export const CONTACT_BOUND_MESSAGE =
  'You have already shared your contact with this card several times today. Please try again tomorrow.';
export const CONTACT_BUSY_MESSAGE = 'Too many contacts were shared from your connection. Please try again later.';
export const CONTACT_FULL_MESSAGE = 'This card cannot take more contacts right now.';

/** A refusal says when trying again can work (the answer's Retry-After, in seconds). */
export type SubmitResult = { ok: true; id: string } | { ok: false; message: string; retryAfter: number };

/**
 * Stores a visitor's contact on a card whose owner has contact exchange on. Bounded twice
 * (README, Decisions: contact exchange): exactly, in D1, per visitor hash and card (the hash of
 * the views, so the same person is recognised without storing an address), checked inside the
 * INSERT itself so parallel posts cannot pass it; and per client address across all cards with
 * the counting bounds of services/events/bounds.ts, which stop a script going card to card.
 */
export async function submitContact(
  env: Bindings,
  input: { ownerId: string; body: ContactSubmitBody; request: Request; now?: number },
): Promise<SubmitResult> {
  const { ownerId, body, request } = input;
  const now = input.now ?? Date.now();
  const origin = new URL(request.url).origin;
  const network = clientNetwork(request.headers.get('CF-Connecting-IP') ?? '');
  const userAgent = request.headers.get('User-Agent') ?? '';
  const key = await visitorKey(env.DB, secret(env, 'VISITOR_SALT'), utcDay(now));
  const visitor = await visitorHash(key, network, userAgent, ownerId);
  const client = await clientKey(env, request);
  const clientBound = { limit: CONTACTS_PER_CLIENT_PER_HOUR, windowMs: HOUR_MS };
  if (!(await withinBound(origin, `contact/${client}`, clientBound, now))) {
    // The bound's windows are fixed: the next one starts a new count.
    const retryAfter = Math.ceil(((Math.floor(now / HOUR_MS) + 1) * HOUR_MS - now) / 1000);
    return { ok: false, message: CONTACT_BUSY_MESSAGE, retryAfter };
  }

  const id = crypto.randomUUID();
  const since = now - DAY_MS;
  const db = createDb(env.DB);
  const byVisitor = and(eq(contacts.cardId, ownerId), eq(contacts.visitor, visitor), gte(contacts.createdAt, since));
  // One D1 batch is one transaction, so the row and its conversion go together.
  const [inserted] = await db.batch([
    // INSERT ... SELECT names every column of the table, so the values follow schema/contacts.ts'
    // order; the bounds sit in the SELECT's WHERE, so parallel posts cannot pass them.
    db
      .insert(contacts)
      .select(
        sql`SELECT ${id}, ${accountOf(ownerId)}, ${ownerId}, ${body.name}, ${body.email}, ${body.phone}, ${body.company}, ${body.note}, ${visitor}, ${now}
        WHERE ${and(
          exists(
            db
              .select({ one: sql`1` })
              .from(cards)
              .where(and(eq(cards.id, ownerId), eq(cards.contactExchange, true))),
          ),
          lt(db.select({ n: count() }).from(contacts).where(byVisitor), CONTACTS_PER_VISITOR),
          lt(db.select({ n: count() }).from(contacts).where(eq(contacts.cardId, ownerId)), CONTACTS_PER_CARD_MAX),
        )}`,
      )
      .returning({ id: contacts.id }),
    // A conversion, counted with the row, and kept when the owner deletes the contact.
    db
      .update(cards)
      .set({ contactsSubmitted: sql`${cards.contactsSubmitted} + 1` })
      .where(
        and(
          eq(cards.id, ownerId),
          exists(
            db
              .select({ one: sql`1` })
              .from(contacts)
              .where(eq(contacts.id, id)),
          ),
        ),
      ),
  ]);
  if (inserted.length > 0) return { ok: true, id };

  const row = await db
    .select({ visitor: count(), oldest: min(contacts.createdAt) })
    .from(contacts)
    .where(byVisitor)
    .get();
  if (row && row.visitor >= CONTACTS_PER_VISITOR) {
    // A place frees when the oldest of the day's contacts is a day old.
    const frees = (row.oldest ?? now) + DAY_MS - now;
    return { ok: false, message: CONTACT_BOUND_MESSAGE, retryAfter: Math.max(1, Math.ceil(frees / 1000)) };
  }
  // A full card frees only when its owner deletes contacts: asking again tomorrow is the honest hint.
  return { ok: false, message: CONTACT_FULL_MESSAGE, retryAfter: DAY_MS / 1000 };
}
