import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { passkeys, sessions, users } from '../db/schema';
import type { AppEnv } from '../env';
import { secret } from '../lib/config';
import { forbidden, notFound } from '../lib/errors';
import { totpEnabled } from '../services/totp';
import { bearerToken, checkBearer } from './auth';

export const TURN_ON_SECOND_FACTOR =
  'The admin console needs two-factor sign-in. Turn it on in Security (an authenticator app), then sign in again.';
export const SIGN_IN_WITH_SECOND_FACTOR =
  'The admin console needs a sign-in that used your second factor. Sign out, then sign in with your code or a passkey.';

/**
 * /v1/admin/*: an operator (users.role = 'admin', granted only by `npm run admin -- grant-admin`)
 * signed in with a second factor. Anyone else, signed in or not, gets the same 404 as a path
 * that does not exist, so the console's routes are not even confirmed to exist. An admin whose
 * session did not use a second factor is told what to do (403).
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('Authorization'));
  const check = token ? await checkBearer(c.var.db, token, secret(c.env, 'JWT_SECRET')) : null;
  if (!check || 'refused' in check) throw notFound();
  const db = c.var.db;
  const row = await db
    .select({ role: users.role, secondFactor: sessions.secondFactor })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, check.sessionId ?? ''), eq(sessions.userId, users.id)))
    .where(eq(users.id, check.userId))
    .get();
  if (row?.role !== 'admin') throw notFound();
  if (!row.secondFactor) {
    const hasPasskey = await db
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.userId, check.userId))
      .get();
    const hasFactor = hasPasskey || (await totpEnabled(db, check.userId));
    throw forbidden(hasFactor ? SIGN_IN_WITH_SECOND_FACTOR : TURN_ON_SECOND_FACTOR);
  }
  c.set('userId', check.userId);
  c.set('sessionId', check.sessionId);
  await next();
});
