import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { refreshTokens, sessions, users } from '../db/schema';
import type { Db } from '../db/types';

// An account's standing, as statements returned unrun: the API batches them with its own, and
// `npm run admin` renders the same ones to SQL text (scripts/admin.ts). No imports beyond the
// schema, so Node loads this file too.

/**
 * The writes that sign an account out everywhere: every refresh token revoked, every session
 * ended and every access token issued so far refused. `onlyIf` makes them take effect only
 * when it holds (an earlier statement won).
 */
export const signOutEverywhere = (db: Db, userId: string, now = Date.now(), onlyIf?: SQL) =>
  [
    db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), onlyIf)),
    db
      .update(sessions)
      .set({ endedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), onlyIf)),
    db
      .update(users)
      .set({ tokensValidAfter: now + 1, updatedAt: now })
      .where(and(eq(users.id, userId), onlyIf)),
  ] as const;

/**
 * Lets an account sign in (REQUIRE_ACTIVATION, docs/product.md §6). The first activation is kept:
 * an account once let in can be deactivated but never rejected (deleted) as a sign-up.
 */
export const activation = (db: Db, userId: string, now = Date.now()) =>
  db
    .update(users)
    .set({
      status: 'active',
      activatedAt: sql`coalesce(${users.activatedAt}, ${now})`,
      deactivatedAt: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));

/**
 * Deactivated: it may not sign in (status 'pending', told apart from a sign-up by `deactivatedAt`),
 * it is signed out everywhere, and its card answers 404 until it is activated again.
 */
export const deactivation = (db: Db, userId: string, now = Date.now()) =>
  [
    db
      .update(users)
      .set({
        status: 'pending',
        deactivatedAt: now,
        activatedAt: sql`coalesce(${users.activatedAt}, ${users.createdAt})`,
        updatedAt: now,
      })
      .where(eq(users.id, userId)),
    ...signOutEverywhere(db, userId, now),
  ] as const;

/** The operator role: granted and revoked only by `npm run admin`, never through the API. */
export const roleChange = (db: Db, userId: string, role: 'admin' | 'user', now = Date.now()) =>
  db.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
