import { z } from 'zod';
import { dataMessageResponse, dataResponse, isoTime } from './responses';
import { contactSchema } from './contacts';
import { linkSchema } from './links';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, WEBHOOK_URL_MAX } from '../webhooks';

export * from '../webhooks';

// Signed webhooks (docs/product.md §2, Webhooks; docs/decisions/0098-signed-webhooks.md): where an
// account's events are sent, signed as the Standard Webhooks specification says.

const EVENTS_MESSAGE = 'Choose at least one event';
export const CARDS_MESSAGE = 'Choose cards of this account';

/** POST /v1/user/webhooks: `card_ids` absent or null for every card of the account. */
export const webhookCreateBody = z
  .object({
    url: z
      .string({ error: 'Enter the URL to send events to' })
      .trim()
      .min(1, { error: 'Enter the URL to send events to' })
      .max(WEBHOOK_URL_MAX, { error: `The URL must be at most ${WEBHOOK_URL_MAX} characters` }),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: `Events must be among ${WEBHOOK_EVENTS.join(', ')}` }), {
        error: EVENTS_MESSAGE,
      })
      .min(1, { error: EVENTS_MESSAGE })
      .max(WEBHOOK_EVENTS.length, { error: EVENTS_MESSAGE }),
    card_ids: z
      .array(z.string({ error: CARDS_MESSAGE }).min(1).max(64), { error: CARDS_MESSAGE })
      .min(1, { error: 'Choose at least one card, or none for every card' })
      .max(100, { error: CARDS_MESSAGE })
      .nullable()
      .optional(),
  })
  .strict();
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    /** null: every card of the account. */
    cards: z.array(z.object({ id: z.string(), username: z.string() }).strict()).nullable(),
    created_at: isoTime,
    /** Set when three days of failed deliveries disabled it. */
    disabled_at: isoTime.nullable(),
    /** Until when the secret before the last rotation still signs too; null when it no longer does. */
    previous_secret_until: isoTime.nullable(),
  })
  .strict();
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookDeliverySchema = z
  .object({
    /** The `webhook-id` the receiver sees. */
    id: z.string(),
    event: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int().nonnegative(),
    created_at: isoTime,
    last_attempt_at: isoTime.nullable(),
    /** The receiver's HTTP status of the last attempt; null when none came. */
    response_status: z.number().int().nullable(),
    duration_ms: z.number().int().nonnegative().nullable(),
    error: z.string().nullable(),
    next_attempt_at: isoTime.nullable(),
    /** The JSON body, exactly as signed and sent. */
    body: z.string(),
  })
  .strict();
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhooksResponse = dataResponse(z.array(webhookEndpointSchema));
/** The endpoint with its secret: the one answer (with rotation's) that ever holds it. */
export const webhookCreatedResponse = dataMessageResponse(
  webhookEndpointSchema.extend({ secret: z.string() }).strict(),
);
export const webhookDeliveriesResponse = dataResponse(z.array(webhookDeliverySchema));
export const webhookDeliveryResponse = dataMessageResponse(webhookDeliverySchema);

// The bodies sent to receivers: `{ type, timestamp, data }`, as Standard Webhooks suggests.

const cardRef = z.object({ id: z.string(), username: z.string() }).strict();
const envelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), timestamp: isoTime, data }).strict();

export const webhookPayloads = {
  'contact.created': envelope('contact.created', z.object({ card: cardRef, contact: contactSchema }).strict()),
  'card.updated': envelope(
    'card.updated',
    // `fields`: the fields the change named.
    z.object({ card: cardRef, fields: z.array(z.string()) }).strict(),
  ),
  'link.created': envelope('link.created', z.object({ card: cardRef, link: linkSchema }).strict()),
  'link.updated': envelope('link.updated', z.object({ card: cardRef, link: linkSchema }).strict()),
  'link.deleted': envelope(
    'link.deleted',
    z.object({ card: cardRef, link: z.object({ id: z.number().int() }) }).strict(),
  ),
  'stats.daily': envelope(
    'stats.daily',
    z
      .object({
        card: cardRef,
        /** The UTC day summed up, YYYY-MM-DD. */
        date: z.iso.date(),
        views: z.number().int().nonnegative(),
        clicks: z.number().int().nonnegative(),
        unique_visitors: z.number().int().nonnegative(),
      })
      .strict(),
  ),
  [WEBHOOK_TEST_EVENT]: envelope(
    WEBHOOK_TEST_EVENT,
    z.object({ endpoint_id: z.string(), message: z.string() }).strict(),
  ),
} as const;
export type WebhookPayloadType = keyof typeof webhookPayloads;
