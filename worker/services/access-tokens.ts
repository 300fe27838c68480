import { and, eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import type { Db } from '../env';
import { verifyAccessToken } from '../lib/tokens';
import { holdOf, type Hold } from './account-standing';

type TokenCheck = { userId: string; sessionId: string | null } | { refused: 'invalid' | Hold };
export type { TokenCheck };

/**
 * The user a bearer token speaks for: a valid access token whose account still exists, is
 * active, and has not revoked its tokens since (logout from all devices, password reset,
 * deactivation), and whose session has not been ended (from Security, or by logging out). A
 * pending or deactivated account is told which, as at sign-in, rather than only that its token
 * is invalid.
 */
export async function checkBearer(db: Db, token: string, jwtSecret: string): Promise<TokenCheck> {
  const claims = await verifyAccessToken(token, jwtSecret);
  if (!claims) return { refused: 'invalid' };
  const sessionId = claims.sid ?? null;
  const user = await db
    .select({
      status: users.status,
      deactivatedAt: users.deactivatedAt,
      tokensValidAfter: users.tokensValidAfter,
      endedAt: sessions.endedAt,
    })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, sessionId ?? ''), eq(sessions.userId, users.id)))
    .where(eq(users.id, claims.sub))
    .get();
  if (!user || user.status === 'deleted') return { refused: 'invalid' };
  const hold = holdOf(user);
  if (hold) return { refused: hold };
  if (claims.auth_ms < user.tokensValidAfter) return { refused: 'invalid' };
  if (sessionId && user.endedAt != null) return { refused: 'invalid' };
  return { userId: claims.sub, sessionId };
}

/** The user id of an access token (a bearer's or the browser's cookie) as `checkBearer` accepts it, else null; never throws. */
export async function accessTokenUserId(db: Db, token: string | null, jwtSecret: string) {
  if (!token) return null;
  const check = await checkBearer(db, token, jwtSecret);
  return 'userId' in check ? check.userId : null;
}
