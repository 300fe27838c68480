import { eq } from 'drizzle-orm';
import { REAUTH_FAILURES, SIGN_IN_WINDOW_MS } from '@shared/constants';
import type { ReauthProof } from '@shared/schemas/security';
import { users } from '../db/schema';
import type { Db } from '../env';
import { fieldError, notFound, tooMany } from '../lib/errors';
import { verifyPassword } from '../lib/hashing';
import { releaseAttempts, reserveAttempt } from './attempts';
import { checkTotpCode, INVALID_VERIFICATION_CODE, totpEnabled } from './totp';

export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect';
export const CONFIRM_IDENTITY = 'Please enter your current password';
const TOO_MANY_TRIES = 'Too many incorrect attempts. Please try again in 15 minutes.';

/**
 * Re-authentication before a sensitive change (a factor on or off, a new password or e-mail, a
 * passkey removed, the account deleted): the current password, or a fresh code from the
 * authenticator app when that factor is on. A stolen access token alone is not enough, and
 * guesses are bounded per account (10 per 15 minutes), so it cannot be used to find the
 * password either. Throws a 422 on the field that was wrong; answers nothing when confirmed.
 */
export async function confirmIdentity(db: Db, userId: string, proof: ReauthProof, now = Date.now()) {
  if (!proof.current_password && !proof.code) throw fieldError('current_password', CONFIRM_IDENTITY);
  const slot = await reserveAttempt(
    db,
    'reauth_failure',
    userId,
    [{ windowMs: SIGN_IN_WINDOW_MS, max: REAUTH_FAILURES }],
    now,
  );
  if (slot == null) throw tooMany(TOO_MANY_TRIES);

  if (proof.current_password) {
    const user = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
    if (!user) throw notFound('User not found');
    if (!(await verifyPassword(proof.current_password, user.hash)))
      throw fieldError('current_password', WRONG_CURRENT_PASSWORD);
  } else {
    const ok = (await totpEnabled(db, userId)) && (await checkTotpCode(db, userId, proof.code ?? '', now));
    if (!ok) throw fieldError('code', INVALID_VERIFICATION_CODE);
  }
  await releaseAttempts(db, slot);
}
