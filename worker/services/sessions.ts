import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_MS } from '../../shared/constants';
import { refreshTokens, users } from '../db/schema';
import type { Db } from '../env';
import { randomToken, sha256 } from '../lib/hashing';
import { unauthorized } from '../lib/errors';
import { signAccessToken } from '../lib/tokens';

export type TokenPair = { token: string; refresh_token: string };

async function insertRefreshToken(db: Db, userId: string, familyId: string, now: number) {
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({
    id: crypto.randomUUID(),
    userId,
    familyId,
    tokenHash: await sha256(refreshToken),
    expiresAt: now + REFRESH_TOKEN_TTL_MS,
    createdAt: now,
  });
  return refreshToken;
}

/** A new sign-in: a fresh refresh-token family and an access token. */
export async function issueSession(db: Db, userId: string, jwtSecret: string): Promise<TokenPair> {
  const now = Date.now();
  const refresh_token = await insertRefreshToken(db, userId, crypto.randomUUID(), now);
  return { token: await signAccessToken(userId, jwtSecret, now), refresh_token };
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
  const refresh_token = await insertRefreshToken(db, row.userId, row.familyId, now);
  return { token: await signAccessToken(row.userId, jwtSecret, now), refresh_token };
}

export const revokeFamily = (db: Db, familyId: string, now = Date.now()) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));

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

/** The owner of a refresh token that is still usable, or null. */
export async function refreshTokenOwner(db: Db, presented: string) {
  const row = await db
    .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256(presented)))
    .get();
  return row && row.revokedAt == null ? row : null;
}

/**
 * The writes that sign an account out everywhere: every refresh token revoked and every
 * access token issued so far refused. Returned unrun so callers can batch them with theirs;
 * `onlyIf` makes them take effect only when it holds (an earlier statement of the batch won).
 */
export const signOutEverywhere = (db: Db, userId: string, now = Date.now(), onlyIf?: SQL) =>
  [
    db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), onlyIf)),
    db
      .update(users)
      .set({ tokensValidAfter: now + 1, updatedAt: now })
      .where(and(eq(users.id, userId), onlyIf)),
  ] as const;

export async function revokeAllSessions(db: Db, userId: string, now = Date.now()) {
  await db.batch(signOutEverywhere(db, userId, now));
}
