import { sql } from 'drizzle-orm';
import {
  CONTACTS_PER_CARD_MAX,
  CONTACTS_PER_CLIENT_PER_HOUR,
  CONTACTS_PER_VISITOR,
  type ContactSubmitBody,
} from '../../../shared/schemas/contacts';
import { HOUR_MS } from '../../../shared/constants';
import { contacts, contactSettings } from '../../db/schema';
import type { Bindings, Db } from '../../env';
import { clientKey } from '../../lib/client-key';
import { secret } from '../../lib/config';
import { withinBound } from '../events/bounds';
import { utcDay, visitorHash, visitorKey } from '../events/visitor-hash';

const DAY_MS = 24 * HOUR_MS;

export const CONTACT_BOUND_MESSAGE =
  'You have already shared your contact with this card several times today. Please try again tomorrow.';
export const CONTACT_BUSY_MESSAGE = 'Too many contacts were shared from your connection. Please try again later.';
export const CONTACT_FULL_MESSAGE = 'This card cannot take more contacts right now.';

export type SubmitResult = { ok: true; id: string } | { ok: false; message: string };

/**
 * Stores a visitor's contact on a card whose owner has contact exchange on. Bounded twice
 * (README, Decisions: contact exchange): exactly, in D1, per visitor hash and card (the hash of
 * the views, so the same person is recognised without storing an address), checked inside the
 * INSERT itself so parallel posts cannot pass it; and per client address across all cards with
 * the counting bounds of services/events/bounds.ts, which stop a script going card to card.
 */
export async function submitContact(
  env: Bindings,
  db: Db,
  input: { ownerId: string; body: ContactSubmitBody; request: Request; now?: number },
): Promise<SubmitResult> {
  const { ownerId, body, request } = input;
  const now = input.now ?? Date.now();
  const origin = new URL(request.url).origin;
  const ip = request.headers.get('CF-Connecting-IP') ?? '';
  const userAgent = request.headers.get('User-Agent') ?? '';
  const key = await visitorKey(env.DB, secret(env, 'VISITOR_SALT'), utcDay(now));
  const visitor = await visitorHash(key, ip, userAgent, ownerId);
  const client = await clientKey(env, request);
  const clientBound = { limit: CONTACTS_PER_CLIENT_PER_HOUR, windowMs: HOUR_MS };
  if (!(await withinBound(origin, `contact/${client}`, clientBound, now))) {
    return { ok: false, message: CONTACT_BUSY_MESSAGE };
  }

  const id = crypto.randomUUID();
  const mine = sql`${contacts.userId} = ${ownerId}`;
  const [inserted] = await db.batch([
    db.all<{ id: string }>(sql`
      INSERT INTO ${contacts} (id, user_id, name, email, phone, company, note, visitor, created_at)
      SELECT ${id}, ${ownerId}, ${body.name}, ${body.email}, ${body.phone}, ${body.company}, ${body.note}, ${visitor}, ${now}
      WHERE EXISTS (SELECT 1 FROM ${contactSettings} WHERE ${contactSettings.userId} = ${ownerId} AND ${contactSettings.exchange} = 1)
        AND (SELECT count(*) FROM ${contacts} WHERE ${mine} AND ${contacts.visitor} = ${visitor} AND ${contacts.createdAt} >= ${now - DAY_MS}) < ${CONTACTS_PER_VISITOR}
        AND (SELECT count(*) FROM ${contacts} WHERE ${mine}) < ${CONTACTS_PER_CARD_MAX}
      RETURNING id`),
    // A conversion, counted with the row in one transaction, and kept when the owner deletes it.
    db.run(sql`UPDATE ${contactSettings} SET submitted = submitted + 1
      WHERE ${contactSettings.userId} = ${ownerId} AND EXISTS (SELECT 1 FROM ${contacts} WHERE ${contacts.id} = ${id})`),
  ]);
  if (inserted.length > 0) return { ok: true, id };

  const [row] = await db.all<{ visitor: number; total: number }>(sql`
    SELECT (SELECT count(*) FROM ${contacts} WHERE ${mine} AND ${contacts.visitor} = ${visitor} AND ${contacts.createdAt} >= ${now - DAY_MS}) AS visitor,
      (SELECT count(*) FROM ${contacts} WHERE ${mine}) AS total`);
  if (row && row.visitor >= CONTACTS_PER_VISITOR) return { ok: false, message: CONTACT_BOUND_MESSAGE };
  return { ok: false, message: CONTACT_FULL_MESSAGE };
}
