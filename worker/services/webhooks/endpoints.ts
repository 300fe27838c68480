import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  CARDS_MESSAGE,
  WEBHOOK_LOG_SIZE,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  WEBHOOKS_PER_ACCOUNT,
  type WebhookCreateBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@shared/schemas/webhooks';
import { cards, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Db } from '../../env';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { checkOutboundUrl, type OutboundRules } from '../../lib/outbound-url';
import { newWebhookSecret } from '../../lib/webhook-signature';

import { DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND } from './messages';

export { DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND };
const TOO_MANY = `An account can hold at most ${WEBHOOKS_PER_ACCOUNT} webhooks. Delete one first.`;
const HOUR_MS = 3_600_000;

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

function serialize(row: EndpointRow, usernames: Map<string, string>, now: number): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    cards: row.cardIds
      ? row.cardIds.flatMap((id) => (usernames.has(id) ? [{ id, username: usernames.get(id) ?? '' }] : []))
      : null,
    created_at: iso(row.createdAt),
    disabled_at: isoOrNull(row.disabledAt),
    previous_secret_until:
      row.previousSecret && row.previousUntil !== null && row.previousUntil > now ? iso(row.previousUntil) : null,
  };
}

export function serializeDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    created_at: iso(row.createdAt),
    last_attempt_at: isoOrNull(row.lastAt),
    response_status: row.lastStatus,
    duration_ms: row.lastDurationMs,
    error: row.lastError,
    next_attempt_at: row.status === 'pending' ? isoOrNull(row.nextAt) : null,
    body: row.body,
  };
}

export const cardNames = async (db: Db, userId: string) =>
  new Map(
    (await db.select({ id: cards.id, username: cards.username }).from(cards).where(eq(cards.userId, userId)).all()).map(
      (card) => [card.id, card.username],
    ),
  );

/** The account's endpoints, oldest first. */
export async function listWebhooks(db: Db, userId: string, now = Date.now()): Promise<WebhookEndpoint[]> {
  const [rows, usernames] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
      .all(),
    cardNames(db, userId),
  ]);
  return rows.map((row) => serialize(row, usernames, now));
}

/** The endpoint if it is the account's; another account's is "not found", as a missing one. */
export async function endpointOrThrow(db: Db, userId: string, id: string) {
  const row = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .get();
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

/**
 * A new endpoint, answered with its secret (the only time it leaves the server but for a
 * rotation). The URL is checked as every delivery will check it again (lib/outbound-url.ts);
 * cards must be the account's own, and within a limited token's cards when a token asks.
 */
export async function createWebhook(
  db: Db,
  userId: string,
  body: WebhookCreateBody,
  rules: OutboundRules & { tokenCards?: string[] | null },
  now = Date.now(),
): Promise<WebhookEndpoint & { secret: string }> {
  const checked = checkOutboundUrl(body.url, rules);
  if (!checked.ok) throw fieldError('url', checked.reason);
  const usernames = await cardNames(db, userId);
  const chosen = body.card_ids ? [...new Set(body.card_ids)] : null;
  if (chosen?.some((id) => !usernames.has(id))) throw fieldError('card_ids', CARDS_MESSAGE);
  // A token limited to cards may only watch those cards: it must name them.
  if (rules.tokenCards && (!chosen || chosen.some((id) => !rules.tokenCards?.includes(id)))) {
    throw fieldError('card_ids', 'Choose only cards this token may act on');
  }
  const held = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).get();
  if ((held?.n ?? 0) >= WEBHOOKS_PER_ACCOUNT) throw new AppError(409, TOO_MANY);
  const row: EndpointRow = {
    id: crypto.randomUUID(),
    userId,
    url: checked.url.href,
    events: [...new Set(body.events)],
    cardIds: chosen,
    secret: newWebhookSecret(),
    previousSecret: null,
    previousUntil: null,
    createdAt: now,
    failingSince: null,
    disabledAt: null,
    statsSentOn: null,
  };
  await db.insert(webhookEndpoints).values(row);
  return { ...serialize(row, usernames, now), secret: row.secret };
}

/** Deleted at once, with its log; its deliveries still queued find nothing and stop. */
export async function deleteWebhook(db: Db, userId: string, id: string) {
  const gone = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (gone.length === 0) throw notFound(WEBHOOK_NOT_FOUND);
}

/**
 * A new secret; the one before keeps signing beside it for WEBHOOK_ROTATION_OVERLAP_HOURS, so a
 * receiver can switch without losing a delivery (each carries both signatures meanwhile).
 */
export async function rotateWebhookSecret(db: Db, userId: string, id: string, now = Date.now()) {
  const row = await endpointOrThrow(db, userId, id);
  const secret = newWebhookSecret();
  const changed: EndpointRow = {
    ...row,
    secret,
    previousSecret: row.secret,
    previousUntil: now + WEBHOOK_ROTATION_OVERLAP_HOURS * HOUR_MS,
  };
  await db
    .update(webhookEndpoints)
    .set({ secret, previousSecret: changed.previousSecret, previousUntil: changed.previousUntil })
    .where(eq(webhookEndpoints.id, id));
  return { ...serialize(changed, await cardNames(db, userId), now), secret };
}

/** Enabled again after three days of failures disabled it: its failures start counting afresh. */
export async function enableWebhook(db: Db, userId: string, id: string, now = Date.now()) {
  const row = await endpointOrThrow(db, userId, id);
  await db.update(webhookEndpoints).set({ disabledAt: null, failingSince: null }).where(eq(webhookEndpoints.id, id));
  return serialize({ ...row, disabledAt: null, failingSince: null }, await cardNames(db, userId), now);
}

/** The endpoint's log, newest first: at most WEBHOOK_LOG_SIZE deliveries are ever kept. */
export async function listDeliveries(db: Db, userId: string, id: string) {
  await endpointOrThrow(db, userId, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_SIZE)
    .all();
  return rows.map(serializeDelivery);
}

export async function deliveryOrThrow(db: Db, userId: string, endpointId: string, deliveryId: string) {
  const row = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.userId, userId),
      ),
    )
    .get();
  if (!row) throw notFound(DELIVERY_NOT_FOUND);
  return row;
}
