import { and, eq, gt, ne } from 'drizzle-orm';
import { USERNAME_HOLD_DAYS } from '@shared/constants';
import { cards, usernameHolds } from '../db/schema';
import type { Db } from '../env';

// A username given up is not handed to the next registrant (README, Decisions: usernames are
// not recycled): it stays its last owner's for USERNAME_HOLD_DAYS, during which /p/{old}
// redirects to the owner's current card, so printed QR codes and NFC tags keep working.

export const USERNAME_HOLD_MS = USERNAME_HOLD_DAYS * 24 * 60 * 60 * 1000;

/** Held for someone other than `exceptUserId`, and not yet released. */
export async function isUsernameHeld(db: Db, username: string, exceptUserId?: string, now = Date.now()) {
  const row = await db
    .select({ userId: usernameHolds.userId })
    .from(usernameHolds)
    .where(and(eq(usernameHolds.username, username), gt(usernameHolds.heldUntil, now)))
    .get();
  return Boolean(row && row.userId !== exceptUserId);
}

/**
 * The writes of a rename: the old name held for its owner from now on, and any hold the owner
 * had on the new name given up (they are taking it back). Returned unrun for the caller's batch.
 */
export function holdOnRename(db: Db, userId: string, oldName: string, newName: string, now = Date.now()) {
  return [
    db
      .insert(usernameHolds)
      .values({ username: oldName, userId, heldUntil: now + USERNAME_HOLD_MS, createdAt: now })
      .onConflictDoUpdate({
        target: usernameHolds.username,
        set: { userId, heldUntil: now + USERNAME_HOLD_MS, createdAt: now },
      }),
    db.delete(usernameHolds).where(and(eq(usernameHolds.username, newName), eq(usernameHolds.userId, userId))),
  ] as const;
}

/**
 * Where a held username's card lives now: the current username of the account holding it, or
 * null (not held, hold over, or the account has no card any more).
 */
export async function heldUsernameTarget(db: Db, username: string, now = Date.now()) {
  const row = await db
    .select({ current: cards.username })
    .from(usernameHolds)
    .innerJoin(cards, eq(cards.id, usernameHolds.userId))
    .where(and(eq(usernameHolds.username, username), gt(usernameHolds.heldUntil, now), ne(cards.username, username)))
    .get();
  return row?.current ?? null;
}
