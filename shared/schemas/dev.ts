import { z } from 'zod';

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
