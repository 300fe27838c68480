import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { users } from '../db/schema';
import type { AppEnv, Db } from '../env';
import { secret } from '../lib/config';
import { unauthorized } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';

export const bearerToken = (header: string | undefined) => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
};

/**
 * The user a bearer token speaks for: a valid access token whose account still exists, is
 * active, and has not revoked its tokens since (logout from all devices, password reset,
 * deactivation). Null otherwise; never throws for a bad token.
 */
export async function tokenUserId(db: Db, authorization: string | undefined, jwtSecret: string) {
  const token = bearerToken(authorization);
  if (!token) return null;
  const claims = await verifyAccessToken(token, jwtSecret);
  if (!claims) return null;
  const user = await db
    .select({ status: users.status, tokensValidAfter: users.tokensValidAfter })
    .from(users)
    .where(eq(users.id, claims.sub))
    .get();
  if (!user || user.status !== 'active' || claims.auth_ms < user.tokensValidAfter) return null;
  return claims.sub;
}

/** Requires a token as `tokenUserId` accepts it; sets `userId`. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('Authorization');
  if (!bearerToken(header)) throw unauthorized();
  const userId = await tokenUserId(c.var.db, header, secret(c.env, 'JWT_SECRET'));
  if (!userId) throw unauthorized('Invalid or expired token');
  c.set('userId', userId);
  await next();
});

/**
 * The user id of a verified access token, else null; never throws. Cheap (no database read):
 * for telling the owner's own views apart, not for authorising anything.
 */
export async function optionalUserId(
  authorization: string | undefined,
  env: AppEnv['Bindings'],
): Promise<string | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  try {
    return (await verifyAccessToken(token, secret(env, 'JWT_SECRET')))?.sub ?? null;
  } catch {
    return null;
  }
}
