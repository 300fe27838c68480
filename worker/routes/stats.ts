import { Hono } from 'hono';
import type { Answer } from '@shared/schemas/responses';
import { statsQuery, type statsResponse } from '@shared/schemas/stats';
import type { AppEnv } from '../env';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { withCard } from '../middleware/card';
import { cardCounts } from '../services/events/counts';
import { getStats } from '../services/events/stats';

/**
 * The signed-in owner's statistics (docs/product.md §7 and §9) for `?range=7|30|90|all` (all
 * time when absent); zeros, never an error, before any visit.
 */
export const stats = new Hono<AppEnv>()
  .use(requireAuth, withCard)
  .get('/', validate('query', statsQuery), async (c) => {
    const counts = await cardCounts(c.env, c.var.db, c.var.cardId);
    const data = await getStats(c.var.db, counts, c.env.EVENTS, c.var.cardId, Date.now(), c.req.valid('query').range);
    return c.json({ success: true, data, message: 'Statistics retrieved successfully' } satisfies Answer<
      typeof statsResponse
    >);
  });
