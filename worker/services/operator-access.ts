import { and, eq } from 'drizzle-orm';
import { passkeys, sessions, users } from '../db/schema';
import type { Db } from '../env';
import { totpEnabled } from './totp';

export const TURN_ON_SECOND_FACTOR =
  'The admin console needs two-factor sign-in. Turn it on in Security (an authenticator app), then sign in again.';
export const SIGN_IN_WITH_SECOND_FACTOR =
  'The admin console needs a sign-in that used your second factor. Sign out, then sign in with your code or a passkey.';

export type OperatorAccess =
  'granted' | 'not-an-operator' | typeof TURN_ON_SECOND_FACTOR | typeof SIGN_IN_WITH_SECOND_FACTOR;

/**
 * Whether a signed-in user may use the operators' console: the admin role (granted only by
 * `npm run admin -- grant-admin`) and a session that used a second factor. An admin without one
 * is told what to do: turn a factor on, or sign in again with it.
 */
export async function operatorAccess(db: Db, userId: string, sessionId: string | null): Promise<OperatorAccess> {
  const row = await db
    .select({ role: users.role, secondFactor: sessions.secondFactor })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, sessionId ?? ''), eq(sessions.userId, users.id)))
    .where(eq(users.id, userId))
    .get();
  if (row?.role !== 'admin') return 'not-an-operator';
  if (row.secondFactor) return 'granted';
  const hasPasskey = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).get();
  const hasFactor = hasPasskey || (await totpEnabled(db, userId));
  return hasFactor ? SIGN_IN_WITH_SECOND_FACTOR : TURN_ON_SECOND_FACTOR;
}
