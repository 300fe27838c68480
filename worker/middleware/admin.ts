import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { secret } from '../lib/config';
import { forbidden, notFound } from '../lib/errors';
import { checkBearer } from '../services/access-tokens';
import { operatorAccess } from '../services/operator-access';
import { accessCredential, assertOwnPages } from './auth';

/**
 * /v1/admin/*: an operator signed in with a second factor (services/operator-access.ts). Anyone
 * else, signed in or not, gets the same 404 as a path that does not exist, so the console's
 * routes are not even confirmed to exist. An admin whose session did not use a second factor is
 * told what to do (403), and so is a cookie-authenticated write from another site. A personal
 * access token is no access token here (checkBearer knows only sign-in's), so it gets the 404.
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const credential = accessCredential(c);
  const check = credential ? await checkBearer(c.var.db, credential.token, secret(c.env, 'JWT_SECRET')) : null;
  if (!credential || !check || 'refused' in check) throw notFound();
  const access = await operatorAccess(c.var.db, check.userId, check.sessionId);
  if (access === 'not-an-operator') throw notFound();
  if (access !== 'granted') throw forbidden(access);
  if (credential.via === 'cookie') assertOwnPages(c);
  c.set('userId', check.userId);
  c.set('sessionId', check.sessionId);
  await next();
});
