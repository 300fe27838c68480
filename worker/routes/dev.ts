import { Hono } from 'hono';
import type { Answer } from '@shared/schemas/responses';
import {
  type mediaMigrationResponse,
  outboxQuery,
  type outboxResponse,
  syntheticEventsBody,
  type syntheticEventsResponse,
} from '@shared/schemas/dev';
import type { AppEnv } from '../env';
import { isDevelopment } from '../lib/config';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { readOutbox } from '../services/dev-outbox';
import { bufferSynthetic } from '../services/events/synthetic';
import { migrateLegacyMedia } from '../services/media-migration';

/**
 * Development only (outside development none of this exists): the mail outbox (README,
 * Configuration), the bench's event fixture, and one batch of the media migration, which `npm start` runs
 * until none is left.
 */
export const dev = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isDevelopment(c.env)) throw notFound();
    await next();
  })
  .get('/mail', validate('query', outboxQuery), async (c) =>
    c.json({ success: true, data: await readOutbox(c.var.db, c.req.valid('query').to) } satisfies Answer<
      typeof outboxResponse
    >),
  )
  .post('/events', validate('json', syntheticEventsBody), async (c) => {
    const buffered = await bufferSynthetic(c.env.EVENTS, c.req.valid('json'));
    return c.json({ success: true, data: { buffered } } satisfies Answer<typeof syntheticEventsResponse>, 201);
  })
  .post('/media-migration', async (c) =>
    c.json({ success: true, data: await migrateLegacyMedia(c.var.db, c.env) } satisfies Answer<
      typeof mediaMigrationResponse
    >),
  );
