import { http } from 'msw';
import {
  webhookCreatedResponse,
  webhookDeliveriesResponse,
  webhookDeliveryResponse,
  webhooksResponse,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@shared/schemas/webhooks';
import { answer, done } from './answer';

export const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8rj4IJ0oEHw=';

export const aDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'msg_1',
  event: 'contact.created',
  status: 'delivered',
  attempts: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  last_attempt_at: '2026-03-01T10:00:01.000Z',
  response_status: 200,
  duration_ms: 84,
  error: null,
  next_attempt_at: null,
  body: '{"type":"contact.created","timestamp":"2026-03-01T10:00:00.000Z","data":{}}',
  ...overrides,
});

/**
 * The account's webhooks, starting as `initial` and changed as the Worker would: a new one at the
 * end (its secret in the answer only), a deleted one gone, each with the log `deliveries`.
 */
export function webhooksAre(initial: WebhookEndpoint[] = [], deliveries: WebhookDelivery[] = []) {
  let stored = [...initial];
  return [
    http.get('/v1/user/webhooks', () => answer(webhooksResponse, { success: true, data: stored })),
    http.post('/v1/user/webhooks', async ({ request }) => {
      const body = (await request.json()) as { url: string; events: WebhookEvent[]; card_ids: string[] | null };
      const webhook: WebhookEndpoint = {
        id: `webhook-${stored.length + 1}`,
        url: body.url,
        events: body.events,
        cards: body.card_ids?.map((id) => ({ id, username: id })) ?? null,
        created_at: '2026-03-01T10:00:00.000Z',
        disabled_at: null,
        previous_secret_until: null,
      };
      stored = [...stored, webhook];
      return answer(
        webhookCreatedResponse,
        {
          success: true,
          message: 'Webhook added. Copy the secret now: it will not be shown again.',
          data: { ...webhook, secret: WEBHOOK_SECRET },
        },
        { status: 201 },
      );
    }),
    http.delete('/v1/user/webhooks/:id', ({ params }) => {
      stored = stored.filter((webhook) => webhook.id !== params.id);
      return done('Webhook deleted');
    }),
    http.get('/v1/user/webhooks/:id/deliveries', () =>
      answer(webhookDeliveriesResponse, { success: true, data: deliveries }),
    ),
    http.post('/v1/user/webhooks/:id/test', () =>
      answer(
        webhookDeliveryResponse,
        { success: true, message: 'Test event sent', data: aDelivery({ id: 'msg_test', event: 'webhook.test' }) },
        { status: 202 },
      ),
    ),
    http.post('/v1/user/webhooks/:id/deliveries/:delivery/resend', ({ params }) =>
      answer(
        webhookDeliveryResponse,
        {
          success: true,
          message: 'Delivery sent again',
          data: aDelivery({ id: String(params.delivery), status: 'pending' }),
        },
        { status: 202 },
      ),
    ),
  ];
}
