import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { WEBHOOK_LOG_SIZE, type WebhookPayloadType } from '@shared/schemas/webhooks';
import { cards, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Bindings, Db } from '../../env';
import { newMessageId } from '../../lib/webhook-signature';
import type { WebhookMessage } from '../../lib/webhook-message';

type DeliveryRow = typeof webhookDeliveries.$inferInsert;
export type WebhookQueue = Pick<Bindings, 'WEBHOOKS'>;

/** The body every receiver gets: `{ type, timestamp, data }`, as Standard Webhooks suggests. */
export const webhookBody = (type: WebhookPayloadType, data: Record<string, unknown>, now: number) =>
  JSON.stringify({ type, timestamp: new Date(now).toISOString(), data });

/**
 * Stores the deliveries, keeps each endpoint's log at its last WEBHOOK_LOG_SIZE, and puts a
 * message for each on the queue. A message that cannot be sent is not lost: the row waits,
 * due, and the cron sends it again (sweepDue).
 */
export async function queueDeliveries(queue: WebhookQueue, db: Db, rows: DeliveryRow[]) {
  if (rows.length === 0) return;
  const endpoints = [...new Set(rows.map((row) => row.endpointId))];
  await db.batch([
    db.insert(webhookDeliveries).values(rows),
    ...endpoints.map((endpointId) =>
      db.delete(webhookDeliveries).where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          notInArray(
            webhookDeliveries.id,
            db
              .select({ id: webhookDeliveries.id })
              .from(webhookDeliveries)
              .where(eq(webhookDeliveries.endpointId, endpointId))
              .orderBy(sql`${webhookDeliveries.createdAt} DESC, ${webhookDeliveries.id} DESC`)
              .limit(WEBHOOK_LOG_SIZE),
          ),
        ),
      ),
    ),
  ]);
  const messages = rows.map((row) => ({
    body: { delivery: row.id, attempt: (row.attempts ?? 0) + 1 } as WebhookMessage,
  }));
  await queue.WEBHOOKS.sendBatch(messages).catch((error: unknown) =>
    console.error(JSON.stringify({ level: 'error', job: 'webhooks', message: `not queued: ${String(error)}` })),
  );
}

/** A new delivery row of a body to an endpoint, due now. */
export const newDelivery = (endpointId: string, userId: string, event: string, body: string, now: number) =>
  ({
    id: newMessageId(),
    endpointId,
    userId,
    event,
    body,
    status: 'pending',
    attempts: 0,
    nextAt: now,
    createdAt: now,
    roundAt: now,
  }) satisfies DeliveryRow;

/**
 * An event of a card happened: one delivery to each enabled endpoint of the account that chose
 * the event and covers the card. Costs one query when nobody listens.
 */
export async function emitWebhookEvent(
  queue: WebhookQueue,
  db: Db,
  event: { userId: string; cardId: string; type: WebhookPayloadType; data: Record<string, unknown> },
  now = Date.now(),
) {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events, cardIds: webhookEndpoints.cardIds })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, event.userId), isNull(webhookEndpoints.disabledAt)))
    .all();
  const listening = endpoints.filter(
    (endpoint) =>
      endpoint.events.includes(event.type) && (endpoint.cardIds === null || endpoint.cardIds.includes(event.cardId)),
  );
  if (listening.length === 0) return 0;
  const card = await db
    .select({ id: cards.id, username: cards.username })
    .from(cards)
    .where(and(eq(cards.id, event.cardId), eq(cards.userId, event.userId)))
    .get();
  if (!card) return 0;
  const body = webhookBody(event.type, { card, ...event.data }, now);
  await queueDeliveries(
    queue,
    db,
    listening.map((endpoint) => newDelivery(endpoint.id, event.userId, event.type, body, now)),
  );
  return listening.length;
}

/** Deliveries of these endpoints that wait for an attempt: stopped (an endpoint disabled). */
export const stopPending = (db: Db, endpointIds: string[], error: string) =>
  db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAt: null, lastError: error })
    .where(and(inArray(webhookDeliveries.endpointId, endpointIds), eq(webhookDeliveries.status, 'pending')));
