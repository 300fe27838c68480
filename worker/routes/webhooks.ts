import { Hono } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import {
  webhookCreateBody,
  type webhookCreatedResponse,
  type webhookDeliveriesResponse,
  type webhookDeliveryResponse,
  type webhooksResponse,
} from '@shared/schemas/webhooks';
import type { AppEnv } from '../env';
import { isDevelopment, siteHosts } from '../lib/config';
import { textIdOr404 } from '../lib/params';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { WEBHOOK_NOT_FOUND } from '../services/webhooks/messages';

const idParam = textIdOr404(64, WEBHOOK_NOT_FOUND);

/**
 * The endpoints' services load on the first call: a card view never needs them, so the Worker's
 * start does not carry them (docs/architecture.md, Loaded on first use).
 */
const endpoints = () => import('../services/webhooks/endpoints');
const actions = () => import('../services/webhooks/actions');

/**
 * /v1/user/webhooks: the account's signed webhooks (docs/decisions/0098-signed-webhooks.md). A
 * signed-in session manages them, and so does a personal access token with `webhooks:write`
 * (shared/token-scopes.ts); a token limited to cards may only cover those cards.
 */
export const userWebhooks = new Hono<AppEnv>()
  .use(requireAuth)
  .use(limitBody(16 * 1024))
  .get('/', async (c) =>
    c.json({ success: true, data: await (await endpoints()).listWebhooks(c.var.db, c.var.userId) } satisfies Answer<
      typeof webhooksResponse
    >),
  )
  .post('/', validate('json', webhookCreateBody), async (c) => {
    const rules = {
      development: isDevelopment(c.env),
      ownHosts: siteHosts(c.env, c.req.url),
      tokenCards: c.var.apiToken?.cardIds ?? null,
    };
    const data = await (await endpoints()).createWebhook(c.var.db, c.var.userId, c.req.valid('json'), rules);
    return c.json(
      {
        success: true,
        data,
        message: 'Webhook added. Copy the secret now: it will not be shown again.',
      } satisfies Answer<typeof webhookCreatedResponse>,
      201,
    );
  })
  .delete('/:id', idParam, async (c) => {
    await (await endpoints()).deleteWebhook(c.var.db, c.var.userId, c.req.valid('param').id);
    return c.json({ success: true, message: 'Webhook deleted' } satisfies Answer<typeof messageResponse>);
  })
  .post('/:id/rotate', idParam, async (c) => {
    const data = await (await endpoints()).rotateWebhookSecret(c.var.db, c.var.userId, c.req.valid('param').id);
    return c.json({
      success: true,
      data,
      message: 'New secret made; the old one still signs for 24 hours. Copy it now: it will not be shown again.',
    } satisfies Answer<typeof webhookCreatedResponse>);
  })
  .post('/:id/enable', idParam, async (c) => {
    await (await endpoints()).enableWebhook(c.var.db, c.var.userId, c.req.valid('param').id);
    return c.json({ success: true, message: 'Webhook enabled' } satisfies Answer<typeof messageResponse>);
  })
  .get('/:id/deliveries', idParam, async (c) =>
    c.json({
      success: true,
      data: await (await endpoints()).listDeliveries(c.var.db, c.var.userId, c.req.valid('param').id),
    } satisfies Answer<typeof webhookDeliveriesResponse>),
  )
  .post('/:id/test', idParam, async (c) => {
    const data = await (await actions()).sendTestEvent(c.env, c.var.db, c.var.userId, c.req.valid('param').id);
    return c.json(
      { success: true, data, message: 'Test event sent' } satisfies Answer<typeof webhookDeliveryResponse>,
      202,
    );
  })
  .post('/:id/deliveries/:deliveryId/resend', idParam, async (c) => {
    const deliveryId = c.req.param('deliveryId');
    const data = await (
      await actions()
    ).resendDelivery(c.env, c.var.db, c.var.userId, c.req.valid('param').id, deliveryId);
    return c.json(
      { success: true, data, message: 'Delivery sent again' } satisfies Answer<typeof webhookDeliveryResponse>,
      202,
    );
  });
