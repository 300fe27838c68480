import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { users } from '../db/schema';
import type { AppEnv } from '../env';
import { secret } from '../lib/config';
import { unauthorized } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';

export const bearerToken = (header: string | undefined) => {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
};

/**
 * Requires a valid access token whose account still exists, is active, and has not
 * revoked its tokens since (logout from all devices, password reset). Sets `userId`.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('Authorization'));
  if (!token) throw unauthorized();
  const claims = await verifyAccessToken(token, secret(c.env, 'JWT_SECRET'));
  if (!claims) throw unauthorized('Invalid or expired token');
  const user = await c.var.db
    .select({ status: users.status, tokensValidAfter: users.tokensValidAfter })
    .from(users)
    .where(eq(users.id, claims.sub))
    .get();
  if (!user || user.status !== 'active' || claims.auth_ms < user.tokensValidAfter) {
    throw unauthorized('Invalid or expired token');
  }
  c.set('userId', claims.sub);
  await next();
});

/** The signed-in user's id when a valid token is present, else null; never throws. */
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
