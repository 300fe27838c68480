import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireAuth } from '../middleware/auth';
import { getUserView } from '../services/users';

export const profile = new Hono<AppEnv>().use(requireAuth).get('/', async (c) => {
  const user = await getUserView(c.var.db, new URL(c.req.url).origin, c.var.userId);
  return c.json({ success: true, data: user, message: 'Profile retrieved successfully' });
});
