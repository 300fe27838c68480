// Signed webhooks' constants, without zod, so the Settings screen can use them without loading a
// schema library (docs/decisions/0098-signed-webhooks.md); shared/schemas/webhooks.ts re-exports them.

/** The events an endpoint may choose (docs/api.md, Webhooks). */
export const WEBHOOK_EVENTS = [
  'contact.created',
  'card.updated',
  'link.created',
  'link.updated',
  'link.deleted',
  'stats.daily',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What 'Send a test event' sends; never chosen, every endpoint can receive it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The secret's fixed start, as the Standard Webhooks specification writes it. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Endpoints an account may hold at once. */
export const WEBHOOKS_PER_ACCOUNT = 10;
export const WEBHOOK_URL_MAX = 2000;
/** Deliveries each endpoint's log keeps, newest first. */
export const WEBHOOK_LOG_SIZE = 100;
/** After a rotation, how long the previous secret still signs beside the new one. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;
/** How long a delivery is retried, and how long an endpoint may fail before it is disabled. */
export const WEBHOOK_RETRY_DAYS = 3;
