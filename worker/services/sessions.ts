import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_MS } from '@shared/constants';
import { refreshTokens, sessions, users } from '../db/schema';
import type { Db } from '../env';
import { randomToken, sha256 } from '../lib/hashing';
import { unauthorized } from '../lib/errors';
import { signAccessToken } from '../lib/tokens';
import { signOutEverywhere } from './sign-out';
import type { AgentSummary } from './user-agent';

export type TokenPair = { token: string; refresh_token: string };
/** What a session shows of where it was opened (never the raw user agent or the IP). */
export type SessionOrigin = AgentSummary & { country: string | null };

const UNKNOWN_ORIGIN: SessionOrigin = {
  browser: 'Unknown browser',
  os: 'Unknown system',
  device: 'desktop',
  country: null,
};

const refreshTokenRow = async (db: Db, userId: string, familyId: string, now: number) => {
  const refreshToken = randomToken();
  const row = db.insert(refreshTokens).values({
    id: crypto.randomUUID(),
    userId,
    familyId,
    tokenHash: await sha256(refreshToken),
    expiresAt: now + REFRESH_TOKEN_TTL_MS,
    createdAt: now,
  });
  return { refreshToken, row };
};

/** A new sign-in: a session, a fresh refresh-token family and an access token naming both. */
export async function issueSession(
  db: Db,
  userId: string,
  jwtSecret: string,
  origin: SessionOrigin & { secondFactor?: boolean } = UNKNOWN_ORIGIN,
): Promise<TokenPair> {
  const now = Date.now();
  const sessionId = crypto.randomUUID();
  const { refreshToken, row } = await refreshTokenRow(db, userId, sessionId, now);
  await db.batch([
    db.insert(sessions).values({ id: sessionId, userId, ...origin, createdAt: now, lastUsedAt: now }),
    row,
  ]);
  return { token: await signAccessToken(userId, jwtSecret, now, sessionId), refresh_token: refreshToken };
}

export const INVALID_REFRESH_TOKEN = 'Invalid or expired refresh token';

/**
 * Rotation with reuse detection: a refresh token works once. Presenting one that was already
 * used (a stolen copy, or the thief's copy after the owner refreshed) revokes its whole family,
 * so whoever holds the newer token is signed out too.
 */
export async function rotateRefreshToken(db: Db, presented: string, jwtSecret: string): Promise<TokenPair> {
  const now = Date.now();
  const row = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256(presented)))
    .get();
  if (!row || row.revokedAt != null || row.expiresAt <= now) throw unauthorized(INVALID_REFRESH_TOKEN);
  // Claim the token atomically: of two concurrent uses, only one sees changes === 1.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .run();
  if (claimed.meta.changes !== 1) {
    await revokeFamily(db, row.familyId, now);
    throw unauthorized(INVALID_REFRESH_TOKEN);
  }
  const user = await db.select({ status: users.status }).from(users).where(eq(users.id, row.userId)).get();
  if (!user || user.status !== 'active') throw unauthorized(INVALID_REFRESH_TOKEN);
  const { refreshToken, row: next } = await refreshTokenRow(db, row.userId, row.familyId, now);
  await db.batch([
    next,
    // A family from before sessions were recorded gets its session now.
    db
      .insert(sessions)
      .values({ id: row.familyId, userId: row.userId, ...UNKNOWN_ORIGIN, createdAt: row.createdAt, lastUsedAt: now })
      .onConflictDoUpdate({ target: sessions.id, set: { lastUsedAt: now } }),
  ]);
  return { token: await signAccessToken(row.userId, jwtSecret, now, row.familyId), refresh_token: refreshToken };
}

/** Ends sessions (refresh-token families): their tokens are refused from now on. */
export const revokeFamilies = (db: Db, familyIds: string[], now = Date.now()) =>
  db.batch([
    db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(inArray(refreshTokens.familyId, familyIds), isNull(refreshTokens.revokedAt))),
    db
      .update(sessions)
      .set({ endedAt: now })
      .where(and(inArray(sessions.id, familyIds), isNull(sessions.endedAt))),
  ]);

export const revokeFamily = (db: Db, familyId: string, now = Date.now()) => revokeFamilies(db, [familyId], now);

/**
 * Ends the session (the family) a refresh token belongs to. False for a token never issued;
 * true for one already revoked, whose session is over as asked (a retried or double logout).
 */
export async function endSession(db: Db, presented: string): Promise<boolean> {
  const row = await db
    .select({ familyId: refreshTokens.familyId, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256(presented)))
    .get();
  if (!row) return false;
  if (row.revokedAt == null) await revokeFamily(db, row.familyId);
  return true;
}

/**
 * The owner of a refresh token that could still be used to refresh: never used, not revoked,
 * not expired. A used or expired one proves nothing about who is asking, so it cannot sign
 * an account out everywhere.
 */
export async function refreshTokenOwner(db: Db, presented: string, now = Date.now()) {
  const row = await db
    .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, await sha256(presented)),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .get();
  return row ?? null;
}

// Signing out everywhere is built in sign-out.ts, which the operator's script loads too.
export { signOutEverywhere };

export async function revokeAllSessions(db: Db, userId: string, now = Date.now()) {
  await db.batch(signOutEverywhere(db, userId, now));
}
