import { messageResponse } from '../schemas/responses';
import {
  webhookCreateBody,
  webhookCreatedResponse,
  webhookDeliveriesResponse,
  webhookDeliveryResponse,
  webhooksResponse,
} from '../schemas/webhooks';
import type { Resource } from './types';

const TOKEN_NOTE = 'A personal access token needs the scope `webhooks:write`.';
const NOT_FOUND = "No such webhook of this account (another account's is answered the same).";

export const webhooksResource: Resource = {
  name: 'Webhooks',
  description:
    "Signed webhooks: where the account's events are sent, each delivery signed as the Standard Webhooks " +
    'specification says (see the introduction, Webhooks, for the events, their bodies, verification and the ' +
    'retry schedule). A signed-in session manages them, and so does a token with `webhooks:write`.',
  routes: [
    {
      method: 'GET',
      path: '/v1/user/webhooks',
      summary: "The account's webhooks: URL, events, cards, whether disabled; never a secret",
      description: TOKEN_NOTE,
      access: 'user',
      answers: { 200: webhooksResponse },
    },
    {
      method: 'POST',
      path: '/v1/user/webhooks',
      summary: 'Add a webhook; answers its signing secret (`whsec_…`) this once',
      description:
        'An `https` URL (http only in development) whose host is not a private, loopback or link-local address ' +
        `nor this site. \`card_ids\` absent or null: every card. ${TOKEN_NOTE} A token limited to cards must name ` +
        'only those cards.',
      access: 'user',
      body: {
        type: 'json',
        schema: webhookCreateBody,
        example: { url: 'https://example.com/hooks/cardlink', events: ['contact.created', 'link.created'] },
      },
      answers: { 201: webhookCreatedResponse },
      errors: {
        409: 'The account holds as many webhooks as it may (10): delete one first.',
        422: 'Also: the URL is refused (not https, a private address, this site), or a card is not the account’s.',
      },
    },
    {
      method: 'DELETE',
      path: '/v1/user/webhooks/:id',
      summary: 'Delete a webhook and its delivery log',
      description: TOKEN_NOTE,
      access: 'user',
      answers: { 200: messageResponse },
      errors: { 404: NOT_FOUND },
    },
    {
      method: 'POST',
      path: '/v1/user/webhooks/:id/rotate',
      summary: 'A new signing secret, answered this once; the old one still signs beside it for 24 hours',
      description: TOKEN_NOTE,
      access: 'user',
      answers: { 200: webhookCreatedResponse },
      errors: { 404: NOT_FOUND },
    },
    {
      method: 'POST',
      path: '/v1/user/webhooks/:id/enable',
      summary: 'Enable a webhook that three days of failures disabled',
      description: TOKEN_NOTE,
      access: 'user',
      answers: { 200: messageResponse },
      errors: { 404: NOT_FOUND },
    },
    {
      method: 'GET',
      path: '/v1/user/webhooks/:id/deliveries',
      summary: 'The delivery log: the last 100 deliveries, newest first, with status, duration and body',
      description: TOKEN_NOTE,
      access: 'user',
      answers: { 200: webhookDeliveriesResponse },
      errors: { 404: NOT_FOUND },
    },
    {
      method: 'POST',
      path: '/v1/user/webhooks/:id/test',
      summary: 'Send a test event (`webhook.test`)',
      description: TOKEN_NOTE,
      access: 'user',
      answers: { 202: webhookDeliveryResponse },
      errors: { 404: NOT_FOUND, 409: 'The webhook is disabled: enable it first.' },
    },
    {
      method: 'POST',
      path: '/v1/user/webhooks/:id/deliveries/:deliveryId/resend',
      summary: 'Send a delivery again: the same `webhook-id` and body, in a new round of attempts',
      description: TOKEN_NOTE,
      access: 'user',
      answers: { 202: webhookDeliveryResponse },
      errors: { 404: 'No such webhook or delivery of this account.', 409: 'The webhook is disabled: enable it first.' },
    },
  ],
};
