import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { SIGN_IN_WINDOW_MS, TOTP_CONFIRM_FAILURES } from '@shared/constants';
import type { TotpSetup } from '@shared/schemas/security';
import { totpFactors, users } from '../db/schema';
import type { Db } from '../env';
import { AppError, fieldError, tooMany } from '../lib/errors';
import { matchTotp, newTotpSecret, otpauthUri } from '../lib/totp';
import { releaseAttempts, reserveAttempt } from './attempts';
import { deleteRecoveryCodes, newRecoveryCodeWrites } from './recovery-codes';

export const INVALID_VERIFICATION_CODE = 'Invalid or expired verification code';
const ALREADY_ON = 'Two-factor sign-in is already on.';
const NOT_STARTED = 'Start setting up your authenticator app first.';
const TOO_MANY_CODES = 'Too many incorrect codes. Please try again in 15 minutes.';

/** Whether the account signs in with an authenticator-app code after its password. */
export async function totpEnabled(db: Db, userId: string) {
  const row = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .get();
  return row?.confirmedAt != null;
}

/**
 * A new secret for the app to scan, replacing any enrolment not yet confirmed. Nothing changes
 * at sign-in until a code from the app confirms it.
 */
export async function startTotpEnrolment(db: Db, userId: string, now = Date.now()): Promise<TotpSetup> {
  if (await totpEnabled(db, userId)) throw new AppError(409, ALREADY_ON);
  const user = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  const secret = newTotpSecret();
  await db
    .insert(totpFactors)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret, lastStep: 0, createdAt: now } });
  return { secret, otpauth_url: otpauthUri(secret, user?.email ?? 'Cardlink') };
}

/**
 * The first code from the app turns the factor on and answers the recovery codes, shown once.
 * Wrong codes are bounded (10 per 15 minutes per account), like every other code.
 */
export async function confirmTotpEnrolment(db: Db, userId: string, code: string, now = Date.now()) {
  const row = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).get();
  if (!row) throw new AppError(409, NOT_STARTED);
  if (row.confirmedAt != null) throw new AppError(409, ALREADY_ON);
  const slot = await reserveAttempt(db, 'totp_confirm_failure', userId, [
    { windowMs: SIGN_IN_WINDOW_MS, max: TOTP_CONFIRM_FAILURES },
  ]);
  if (slot == null) throw tooMany(TOO_MANY_CODES);
  const step = matchTotp(row.secret, code, now);
  if (step === null) throw fieldError('code', INVALID_VERIFICATION_CODE);
  await releaseAttempts(db, slot);
  const { codes, writes } = await newRecoveryCodeWrites(db, userId, now);
  const [confirmed] = await db.batch([
    db
      .update(totpFactors)
      .set({ confirmedAt: now, lastStep: step })
      .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt), eq(totpFactors.secret, row.secret))),
    ...writes,
  ]);
  if (confirmed.meta.changes !== 1) throw new AppError(409, NOT_STARTED);
  return codes;
}

/**
 * Checks a code of a confirmed factor. A code is accepted once: the step it belongs to must be
 * later than the last one used, claimed in one conditional UPDATE, so a code seen over
 * someone's shoulder (or sent twice at once) does not work again.
 */
export async function checkTotpCode(db: Db, userId: string, code: string, now = Date.now()) {
  const row = await db
    .select({ secret: totpFactors.secret })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
    .get();
  if (!row) return false;
  const step = matchTotp(row.secret, code, now);
  if (step === null) return false;
  const claimed = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastStep, step)))
    .run();
  return claimed.meta.changes === 1;
}

/** Turns the factor off: the secret and the recovery codes go. */
export async function disableTotp(db: Db, userId: string) {
  await db.batch([db.delete(totpFactors).where(eq(totpFactors.userId, userId)), deleteRecoveryCodes(db, userId)]);
}
