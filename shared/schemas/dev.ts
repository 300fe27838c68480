import { z } from 'zod';
import { emailField } from './auth';
import { dataResponse, isoTime } from './responses';

/** Most synthetic events one request may buffer. */
export const SYNTHETIC_EVENTS_MAX = 1000;

/**
 * POST /v1/dev/events (development only): buffer synthetic visitors' events for a card, the
 * fixture `npm run bench` drains at production limits (README, Scripts).
 */
export const syntheticEventsBody = z.object({
  owner_id: z.uuid({ error: 'owner_id must be a user id' }),
  link_id: z.number({ error: 'link_id must be a link id' }).int().positive().nullable(),
  /** Index of the first event: event n of a card always has the same id, so a retried request rewrites its keys. */
  from: z.number({ error: 'from must be a number' }).int().min(0, { error: 'from must be 0 or more' }),
  count: z
    .number({ error: 'count must be a number' })
    .int()
    .min(1, { error: 'count must be at least 1' })
    .max(SYNTHETIC_EVENTS_MAX, { error: `count must be at most ${SYNTHETIC_EVENTS_MAX}` }),
});
export type SyntheticEventsBody = z.output<typeof syntheticEventsBody>;

/** GET /v1/dev/mail?to=: the outbox of one address. */
export const outboxQuery = z.object({ to: emailField() });

// Answers.

/** GET /v1/dev/mail `data`: the outbox's mails to one address, newest first. */
export const outboxMailSchema = z
  .object({ to: z.string(), subject: z.string(), text: z.string(), code: z.string().nullable(), sent_at: isoTime })
  .strict();
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxResponse = dataResponse(z.array(outboxMailSchema));

/** POST /v1/dev/events (201): how many events were buffered. */
export const syntheticEventsResponse = dataResponse(z.object({ buffered: z.number().int().nonnegative() }).strict());

/** POST /v1/dev/media-migration `data`: one batch's counts. */
export const mediaMigrationResult = z
  .object({
    converted: z.number().int().nonnegative(),
    cleared: z.number().int().nonnegative(),
    skipped: z.number().int().nonnegative(),
    remaining: z.number().int().nonnegative(),
  })
  .strict();
export type MediaMigrationResult = z.infer<typeof mediaMigrationResult>;
export const mediaMigrationResponse = dataResponse(mediaMigrationResult);
