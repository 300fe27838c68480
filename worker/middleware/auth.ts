import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { bearerToken } from '../lib/bearer';
import { secret } from '../lib/config';
import { unauthorized } from '../lib/errors';
import { checkBearer } from '../services/access-tokens';
import { holdMessage } from '../services/account-standing';

/**
 * Requires a token as `checkBearer` accepts it; sets `userId`. Always 401 when refused, so the
 * client signs out (docs/product.md §4: a 401 that a refresh cannot cure leads to /auth/login).
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('Authorization'));
  if (!token) throw unauthorized();
  const check = await checkBearer(c.var.db, token, secret(c.env, 'JWT_SECRET'));
  if ('refused' in check) {
    throw unauthorized(check.refused === 'invalid' ? 'Invalid or expired token' : holdMessage(check.refused));
  }
  c.set('userId', check.userId);
  c.set('sessionId', check.sessionId);
  await next();
});
