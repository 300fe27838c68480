import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { getStats } from '../services/events/stats';

/** The signed-in owner's statistics (docs/product.md §7 and §9); zeros, never an error, before any visit. */
export const stats = new Hono<AppEnv>().use(requireAuth).get('/', async (c) => {
  const data = await getStats(c.env.DB, c.env.EVENTS, c.var.userId);
  return c.json({ success: true, data, message: 'Statistics retrieved successfully' });
});
