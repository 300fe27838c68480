import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { emailField } from '../../shared/schemas/auth';
import { syntheticEventsBody } from '../../shared/schemas/dev';
import { devMail } from '../db/schema';
import type { AppEnv } from '../env';
import { isDevelopment } from '../lib/config';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { bufferSynthetic } from '../services/events/synthetic';
import { migrateLegacyMedia } from '../services/media-migration';

/**
 * Development only (outside development none of this exists): the mail outbox (architecture.md,
 * Auth), the bench's event fixture, and one batch of the media migration, which `npm start` runs
 * until none is left.
 */
export const dev = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isDevelopment(c.env)) throw notFound();
    await next();
  })
  .get('/mail', validate('query', z.object({ to: emailField() })), async (c) => {
    const rows = await c.var.db
      .select()
      .from(devMail)
      .where(eq(devMail.to, c.req.valid('query').to))
      .orderBy(desc(devMail.id))
      .limit(50)
      .all();
    const data = rows.map((row) => ({
      to: row.to,
      subject: row.subject,
      text: row.text,
      code: row.code,
      sent_at: new Date(row.createdAt).toISOString(),
    }));
    return c.json({ success: true, data });
  })
  .post('/events', validate('json', syntheticEventsBody), async (c) => {
    const buffered = await bufferSynthetic(c.env.EVENTS, c.req.valid('json'));
    return c.json({ success: true, data: { buffered } }, 201);
  })
  .post('/media-migration', async (c) => c.json({ success: true, data: await migrateLegacyMedia(c.var.db, c.env) }));
