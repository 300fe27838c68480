import {
  CONTACTS_PER_CARD_MAX,
  CONTACTS_PER_CLIENT_PER_HOUR,
  CONTACTS_PER_VISITOR,
  type ContactSubmitBody,
} from '@shared/schemas/contacts';
import { HOUR_MS } from '@shared/constants';
import type { Bindings } from '../../env';
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
  const since = now - DAY_MS;
  // Raw statements: a D1 batch is one transaction, so the row and its conversion go together.
  const [inserted] = await env.DB.batch<{ id: string }>([
    env.DB.prepare(
      `INSERT INTO contacts (id, user_id, name, email, phone, company, note, visitor, created_at)
      SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
      WHERE EXISTS (SELECT 1 FROM contact_settings WHERE user_id = ?2 AND exchange = 1)
        AND (SELECT count(*) FROM contacts WHERE user_id = ?2 AND visitor = ?8 AND created_at >= ?10) < ?11
        AND (SELECT count(*) FROM contacts WHERE user_id = ?2) < ?12
      RETURNING id`,
    ).bind(
      id,
      ownerId,
      body.name,
      body.email,
      body.phone,
      body.company,
      body.note,
      visitor,
      now,
      since,
      CONTACTS_PER_VISITOR,
      CONTACTS_PER_CARD_MAX,
    ),
    // A conversion, counted with the row, and kept when the owner deletes the contact.
    env.DB.prepare(
      'UPDATE contact_settings SET submitted = submitted + 1 WHERE user_id = ?1 AND EXISTS (SELECT 1 FROM contacts WHERE id = ?2)',
    ).bind(ownerId, id),
  ]);
  if ((inserted?.results.length ?? 0) > 0) return { ok: true, id };

  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM contacts WHERE user_id = ?1 AND visitor = ?2 AND created_at >= ?3) AS visitor`,
  )
    .bind(ownerId, visitor, since)
    .first<{ visitor: number }>();
  if (row && row.visitor >= CONTACTS_PER_VISITOR) return { ok: false, message: CONTACT_BOUND_MESSAGE };
  return { ok: false, message: CONTACT_FULL_MESSAGE };
}
