import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { WEBHOOK_RETRY_DAYS } from '@shared/webhooks';
import { createDb } from '../../db/client';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Bindings, Db } from '../../env';
import { isDevelopment } from '../../lib/config';
import { createMailer } from '../../lib/mailer';
import { checkOutboundUrl } from '../../lib/outbound-url';
import type { WebhookMessage } from '../../lib/webhook-message';
import { webhookHeaders } from '../../lib/webhook-signature';
import { outboxMailer } from '../dev-outbox';
import { accountLanguage } from '../account-language';
import { loadLanguage } from '../../lib/i18n';
import { stopPending, type WebhookQueue } from './emit';

const DAY_MS = 86_400_000;
export const RETRY_WINDOW_MS = WEBHOOK_RETRY_DAYS * DAY_MS;
/** A receiver gets this long to answer (docs/api.md, Webhooks). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** An attempt under way holds its delivery this long; past it the cron sends the delivery again. */
const LEASE_MS = 60_000;
/** A queued message may arrive a little before the moment its row says (clocks differ). */
const EARLY_MS = 5_000;

/**
 * The waits after the 1st, 2nd, … failed attempt, in seconds: exponential at first (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h) then every 12 hours, the longest delay a Queues message may carry,
 * until the delivery is three days old (docs/decisions/0098-signed-webhooks.md).
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000] as const;
const LONGEST_DELAY_SECONDS = 43_200;
export const retryDelaySeconds = (failedAttempts: number) =>
  RETRY_DELAYS_SECONDS[failedAttempts - 1] ?? LONGEST_DELAY_SECONDS;

export type DeliveryOptions = { now?: number; fetcher?: typeof fetch };
type Outcome = { status: number | null; durationMs: number; error: string | null };

const ownHosts = (env: Bindings) =>
  (env.SITE_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);

/** One attempt: the URL checked again (an address may not be allowed any more), signed, 10 s, no redirects followed. */
async function attempt(
  env: Bindings,
  endpoint: typeof webhookEndpoints.$inferSelect,
  delivery: { id: string; body: string },
  now: number,
  fetcher: typeof fetch,
): Promise<Outcome> {
  const checked = checkOutboundUrl(endpoint.url, { development: isDevelopment(env), ownHosts: ownHosts(env) });
  if (!checked.ok) return { status: null, durationMs: 0, error: checked.reason };
  const overlap = endpoint.previousSecret && endpoint.previousUntil !== null && endpoint.previousUntil > now;
  const secrets = overlap ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
  const headers = await webhookHeaders(secrets, delivery.id, Math.floor(now / 1000), delivery.body);
  const started = Date.now();
  try {
    const response = await fetcher(checked.url.href, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', 'User-Agent': 'Cardlink-Webhooks/1' },
      body: delivery.body,
      // A redirect is an answer, never followed: its target was never checked.
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    const durationMs = Math.max(0, Date.now() - started);
    const ok = response.status >= 200 && response.status < 300;
    return { status: response.status, durationMs, error: ok ? null : `The receiver answered ${response.status}` };
  } catch (error) {
    const durationMs = Math.max(0, Date.now() - started);
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      status: null,
      durationMs,
      error: timedOut ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : 'The receiver could not be reached',
    };
  }
}

/** The owner's mail, in the account's language (docs/product.md §8). */
async function mailDisabled(env: Bindings, db: Db, userId: string, url: string) {
  const owner = await db
    .select({ email: users.email, language: accountLanguage })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!owner) return;
  const t = await loadLanguage(owner.language ?? 'en');
  await createMailer(env, outboxMailer(db)).send({
    to: owner.email,
    subject: t('mail.webhook_disabled_subject'),
    text: [t('mail.webhook_disabled_text', { url, days: WEBHOOK_RETRY_DAYS }), '', t('mail.webhook_disabled_fix')].join(
      '\n',
    ),
  });
}

/**
 * One queued message: claims the delivery's attempt (a stale or repeated message claims nothing),
 * tries it, and records what happened. A failure is tried again after retryDelaySeconds, until
 * the delivery has been failing for three days; an endpoint all of whose deliveries failed for
 * three days is disabled and its owner mailed (docs/decisions/0098-signed-webhooks.md). The
 * clock is the caller's, so tests can move past the three days.
 */
export async function deliverMessage(env: Bindings, message: WebhookMessage, options: DeliveryOptions = {}) {
  const now = options.now ?? Date.now();
  const db = createDb(env.DB);
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ attempts: message.attempt, nextAt: now + LEASE_MS })
    .where(
      and(
        eq(webhookDeliveries.id, message.delivery),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attempts, message.attempt - 1),
        or(isNull(webhookDeliveries.nextAt), lte(webhookDeliveries.nextAt, now + EARLY_MS)),
      ),
    )
    .returning();
  if (!claimed) return 'stale' as const;
  const endpoint = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, claimed.endpointId)).get();
  if (!endpoint) return 'stale' as const;
  if (endpoint.disabledAt !== null) {
    await stopPending(db, [endpoint.id], 'The webhook is disabled');
    return 'failed' as const;
  }
  const outcome = await attempt(env, endpoint, claimed, now, options.fetcher ?? fetch);
  const recorded = {
    lastAt: now,
    lastStatus: outcome.status,
    lastDurationMs: outcome.durationMs,
    lastError: outcome.error,
  };
  if (outcome.error === null) {
    await db.batch([
      db
        .update(webhookDeliveries)
        .set({ ...recorded, status: 'delivered', nextAt: null })
        .where(eq(webhookDeliveries.id, claimed.id)),
      db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id)),
    ]);
    return 'delivered' as const;
  }

  const [failing] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning({ since: webhookEndpoints.failingSince });
  if (now - (failing?.since ?? now) >= RETRY_WINDOW_MS) {
    await db
      .update(webhookDeliveries)
      .set({ ...recorded, status: 'failed', nextAt: null })
      .where(eq(webhookDeliveries.id, claimed.id));
    const disabled = await db
      .update(webhookEndpoints)
      .set({ disabledAt: now })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.disabledAt)))
      .returning({ id: webhookEndpoints.id });
    await stopPending(db, [endpoint.id], 'The webhook was disabled after three days of failures');
    // Only the attempt that disabled it mails, so the owner gets one message.
    if (disabled.length > 0) await mailDisabled(env, db, endpoint.userId, endpoint.url);
    return 'disabled' as const;
  }
  if (now - claimed.roundAt >= RETRY_WINDOW_MS) {
    await db
      .update(webhookDeliveries)
      .set({ ...recorded, status: 'failed', nextAt: null })
      .where(eq(webhookDeliveries.id, claimed.id));
    return 'failed' as const;
  }
  const delay = retryDelaySeconds(message.attempt);
  await db
    .update(webhookDeliveries)
    .set({ ...recorded, nextAt: now + delay * 1000 })
    .where(eq(webhookDeliveries.id, claimed.id));
  await env.WEBHOOKS.send({ delivery: claimed.id, attempt: message.attempt + 1 }, { delaySeconds: delay });
  return 'retrying' as const;
}

/**
 * The webhook queue: each message one attempt of one delivery. A message is acknowledged once
 * its attempt is recorded, whatever the receiver said (the schedule is ours, in D1); only a
 * failure of our own (D1 unreachable) leaves it to the queue's retries.
 */
export async function runWebhookQueue(
  messages: readonly Message<unknown>[],
  env: Bindings,
  options: DeliveryOptions = {},
) {
  for (const message of messages) {
    const body = message.body as Partial<WebhookMessage> | null;
    if (typeof body?.delivery !== 'string' || typeof body.attempt !== 'number') {
      message.ack();
      continue;
    }
    try {
      const result = await deliverMessage(env, { delivery: body.delivery, attempt: body.attempt }, options);
      console.log(
        JSON.stringify({ level: 'info', job: 'webhook', delivery: body.delivery, attempt: body.attempt, result }),
      );
      message.ack();
    } catch (error) {
      console.error(
        JSON.stringify({ level: 'error', job: 'webhook', delivery: body.delivery, message: String(error) }),
      );
      message.retry();
    }
  }
}

/**
 * The cron's safety net: deliveries due for a while whose message never came (a send that failed,
 * an attempt that died halfway) are queued again, a few a turn.
 */
export async function sweepDue(queue: WebhookQueue, db: Db, now: number, limit = 20) {
  const due = await db
    .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAt, now - LEASE_MS)))
    .limit(limit)
    .all();
  if (due.length > 0) {
    await queue.WEBHOOKS.sendBatch(due.map((row) => ({ body: { delivery: row.id, attempt: row.attempts + 1 } })));
  }
  return due.length;
}
