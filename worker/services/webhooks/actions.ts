import { eq } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT } from '@shared/schemas/webhooks';
import { webhookDeliveries } from '../../db/schema';
import type { Db } from '../../env';
import { AppError } from '../../lib/errors';
import { deliveryOrThrow, endpointOrThrow, serializeDelivery } from './endpoints';
import { newDelivery, queueDeliveries, webhookBody, type WebhookQueue } from './emit';

const DISABLED = 'This webhook is disabled. Enable it first.';

/** 'Send a test event': a `webhook.test` delivery to this endpoint, whatever events it chose. */
export async function sendTestEvent(queue: WebhookQueue, db: Db, userId: string, endpointId: string, now = Date.now()) {
  const endpoint = await endpointOrThrow(db, userId, endpointId);
  if (endpoint.disabledAt !== null) throw new AppError(409, DISABLED);
  const body = webhookBody(
    WEBHOOK_TEST_EVENT,
    {
      endpoint_id: endpoint.id,
      message: 'A test event from Cardlink: your endpoint receives and verifies deliveries.',
    },
    now,
  );
  const row = newDelivery(endpoint.id, userId, WEBHOOK_TEST_EVENT, body, now);
  await queueDeliveries(queue, db, [row]);
  return serializeDelivery({ ...row, lastAt: null, lastStatus: null, lastDurationMs: null, lastError: null });
}

/**
 * 'Send again': the same message (same `webhook-id` and body, so a receiver that keeps ids can
 * tell a repeat) in a new round of attempts with a three-day window of its own.
 */
export async function resendDelivery(
  queue: WebhookQueue,
  db: Db,
  userId: string,
  endpointId: string,
  deliveryId: string,
  now = Date.now(),
) {
  const endpoint = await endpointOrThrow(db, userId, endpointId);
  if (endpoint.disabledAt !== null) throw new AppError(409, DISABLED);
  const row = await deliveryOrThrow(db, userId, endpointId, deliveryId);
  const [again] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAt: now, roundAt: now })
    .where(eq(webhookDeliveries.id, row.id))
    .returning();
  const resent = again ?? row;
  await queue.WEBHOOKS.send({ delivery: resent.id, attempt: resent.attempts + 1 });
  return serializeDelivery(resent);
}
