import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Session } from '@shared/schemas/sessions';
import { refreshTokens, sessions } from '../db/schema';
import type { Db } from '../env';
import { notFound } from '../lib/errors';
import { revokeFamilies } from './sessions';

export const SESSION_NOT_FOUND = 'Session not found';

const iso = (ms: number) => new Date(ms).toISOString();

/** A session is open while it is not ended and its family still has a usable refresh token. */
const open = (userId: string, now: number) =>
  and(
    eq(sessions.userId, userId),
    isNull(sessions.endedAt),
    sql`EXISTS (SELECT 1 FROM ${refreshTokens} WHERE ${refreshTokens.familyId} = ${sessions.id} AND ${refreshTokens.revokedAt} IS NULL AND ${refreshTokens.expiresAt} > ${now})`,
  );

/** The account's open sessions, most recently used first; `current` marks the caller's own. */
export async function listSessions(
  db: Db,
  userId: string,
  currentId: string | null,
  now = Date.now(),
): Promise<Session[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(open(userId, now))
    .orderBy(desc(sessions.lastUsedAt))
    .limit(100)
    .all();
  return rows.map((row) => ({
    id: row.id,
    browser: row.browser,
    os: row.os,
    device: row.device,
    country: row.country,
    created_at: iso(row.createdAt),
    last_used_at: iso(row.lastUsedAt),
    current: row.id === currentId,
  }));
}
export type SessionView = Session;

/** Ends one of the account's sessions; another account's session is "not found". */
export async function endUserSession(db: Db, userId: string, sessionId: string, now = Date.now()) {
  const row = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), open(userId, now)))
    .get();
  if (!row) throw notFound(SESSION_NOT_FOUND);
  await revokeFamilies(db, [row.id], now);
}

/** Ends every session of the account but the caller's own; answers how many ended. */
export async function endOtherSessions(db: Db, userId: string, currentId: string | null, now = Date.now()) {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(open(userId, now), currentId ? ne(sessions.id, currentId) : undefined))
    .all();
  if (rows.length > 0)
    await revokeFamilies(
      db,
      rows.map((row) => row.id),
      now,
    );
  // Families from before sessions were recorded have no row: revoke their tokens as well.
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
        currentId ? ne(refreshTokens.familyId, currentId) : undefined,
      ),
    );
  return rows.length;
}
