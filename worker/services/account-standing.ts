import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Db } from '../env';
import { forbidden } from '../lib/errors';

export const PENDING_ACTIVATION_MESSAGE =
  'Your account is pending activation. Please contact support to activate your account.';
export const DEACTIVATED_MESSAGE =
  'Your account has been deactivated. Please contact support if you think this is a mistake.';

/**
 * Why an account may not sign in: a sign-up still waiting for an operator, or an account an
 * operator deactivated. Both are status 'pending'; `deactivatedAt` tells them apart, so each is
 * told the truth (with the support contacts, on the sign-in screen).
 */
export type Hold = 'pending' | 'deactivated';

export const holdOf = (user: { status: string; deactivatedAt: number | null }): Hold | null =>
  user.status === 'active' ? null : user.deactivatedAt != null ? 'deactivated' : 'pending';

export const holdMessage = (hold: Hold) => (hold === 'deactivated' ? DEACTIVATED_MESSAGE : PENDING_ACTIVATION_MESSAGE);

/** Throws the 403 a held account gets at sign-in; passes an active one. */
export async function assertMaySignIn(db: Db, userId: string) {
  const row = await db
    .select({ status: users.status, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  const hold = row ? holdOf(row) : 'pending';
  if (hold) throw forbidden(holdMessage(hold));
}
