import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { bearerToken } from '../lib/bearer';
import { secret } from '../lib/config';
import { forbidden, unauthorized } from '../lib/errors';
import { CROSS_SITE_REFUSED, isSafeMethod, sentByOwnPages } from '../lib/same-origin';
import { accessCookie } from '../lib/session-cookies';
import { checkBearer } from '../services/access-tokens';
import { holdMessage } from '../services/account-standing';
import { isTokenSecret } from '../services/api-tokens';
import { authenticateToken } from './api-token';

export type AccessCredential = { token: string; via: 'bearer' | 'cookie' };

/**
 * The access token a request speaks with: the `Authorization: Bearer` header of an API client,
 * else the browser's HttpOnly access cookie (lib/session-cookies.ts). A request that sends an
 * Authorization header is judged by it alone, so a broken header is never rescued by a cookie.
 */
export function accessCredential(c: Context<AppEnv>): AccessCredential | null {
  const header = c.req.header('Authorization');
  if (header !== undefined) {
    const token = bearerToken(header);
    return token ? { token, via: 'bearer' } : null;
  }
  const cookie = accessCookie(c);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/**
 * A cookie-authenticated write must come from this origin's own pages (lib/same-origin.ts):
 * another site's form or script gets 403 and changes nothing.
 */
export function assertOwnPages(c: Context<AppEnv>) {
  if (!isSafeMethod(c.req.method) && !sentByOwnPages(c.req.raw)) throw forbidden(CROSS_SITE_REFUSED);
}

/**
 * Requires a token as `checkBearer` accepts it, or a personal access token as
 * `authenticateToken` does (its scopes and bounds); sets `userId`. Always 401 when the
 * credential is refused, so the client signs out (docs/product.md §4: a 401 that a refresh
 * cannot cure leads to /auth/login).
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const credential = accessCredential(c);
  if (!credential) throw unauthorized();
  if (credential.via === 'bearer' && isTokenSecret(credential.token)) {
    await authenticateToken(c, credential.token);
    await next();
    return;
  }
  if (credential.via === 'cookie') assertOwnPages(c);
  const check = await checkBearer(c.var.db, credential.token, secret(c.env, 'JWT_SECRET'));
  if ('refused' in check) {
    throw unauthorized(check.refused === 'invalid' ? 'Invalid or expired token' : holdMessage(check.refused));
  }
  c.set('userId', check.userId);
  c.set('sessionId', check.sessionId);
  await next();
});
