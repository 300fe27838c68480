import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  CHALLENGE_TTL_MS,
  SECOND_FACTOR_FAILURES,
  SECOND_FACTOR_FAILURES_PER_ACCOUNT,
  SECOND_FACTOR_FAILURES_PER_CLIENT,
  SECOND_FACTOR_FAILURES_PER_DAY,
  SECOND_FACTOR_FAILURES_PER_DEVICE,
  SIGN_IN_WINDOW_MS,
  DAY_MS,
} from '@shared/constants';
import { authChallenges } from '../db/schema';
import type { Db } from '../env';
import { fieldError, tooMany, unauthorized } from '../lib/errors';
import type { KnownDevice } from '../lib/device-cookies';
import { randomToken, sha256 } from '../lib/hashing';
import { countAttempts, releaseAttempts, reserveAttempts } from './attempts';
import { useRecoveryCode } from './recovery-codes';
import { checkTotpCode, INVALID_VERIFICATION_CODE, totpEnabled } from './totp';

export const SECOND_FACTOR_EXPIRED = 'Your sign-in has expired. Please sign in again.';
const TOO_MANY_CODES = 'Too many incorrect codes. Please try again in 15 minutes.';
const TOO_MANY_CODES_TODAY = 'Too many incorrect codes today. Please try again tomorrow.';

/** Which second factors the account has; empty when a password alone signs it in. */
export async function secondFactorMethods(db: Db, userId: string) {
  return (await totpEnabled(db, userId)) ? (['totp', 'recovery_code'] as const) : [];
}

/**
 * The password was right and a second factor is on: the sign-in waits for it under a
 * single-use token (only its hash is stored) that lives five minutes and takes five codes.
 */
export async function startSecondFactor(db: Db, userId: string, now = Date.now()) {
  const token = randomToken();
  await db.insert(authChallenges).values({
    id: await sha256(token),
    kind: 'second_factor',
    userId,
    expiresAt: now + CHALLENGE_TTL_MS,
    createdAt: now,
  });
  return token;
}

/**
 * A code from the authenticator app (6 digits) or a recovery code completes the sign-in and
 * answers its user id. Wrong codes are bounded per waiting sign-in (5), per client (10 per 15
 * minutes) and per account, where the device matters (README, Decisions: bounds): a device that
 * signed in to the account before has 10 per 15 minutes and 40 a day of its own; all others
 * share the account's 20 per 15 minutes and 40 a day. So whoever holds the password cannot lock the owner's
 * device out with codes sent from elsewhere. The right code uses up the token, so it cannot sign
 * in twice.
 */
export async function completeSecondFactor(
  db: Db,
  token: string,
  code: string,
  client: string,
  deviceOf: (userId: string) => Promise<KnownDevice | null> = async () => null,
  now = Date.now(),
) {
  const id = await sha256(token);
  const challenge = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.id, id),
        eq(authChallenges.kind, 'second_factor'),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, now),
      ),
    )
    .get();
  const userId = challenge?.userId;
  if (!challenge || !userId) throw unauthorized(SECOND_FACTOR_EXPIRED);

  const device = await deviceOf(userId);
  const fromClient = { kind: 'second_factor_client' as const, subject: client };
  const window = SIGN_IN_WINDOW_MS;
  const clientBound = { ...fromClient, windowMs: window, max: SECOND_FACTOR_FAILURES_PER_CLIENT };
  let bounds;
  if (device) {
    const fromDevice = { kind: 'second_factor_device' as const, subject: device.nonce };
    // A known device is anyone who once signed in, perhaps before the factor was turned on: its
    // own 10 per 15 minutes would be 960 codes a day, so it has the account's daily 40 as well.
    bounds = [
      clientBound,
      { ...fromDevice, windowMs: window, max: SECOND_FACTOR_FAILURES_PER_DEVICE },
      { ...fromDevice, windowMs: DAY_MS, max: SECOND_FACTOR_FAILURES_PER_DAY },
    ];
  } else {
    const account = { kind: 'second_factor_failure' as const, subject: userId };
    bounds = [
      clientBound,
      { ...account, windowMs: window, max: SECOND_FACTOR_FAILURES_PER_ACCOUNT },
      { ...account, windowMs: DAY_MS, max: SECOND_FACTOR_FAILURES_PER_DAY },
    ];
  }
  const slot = await reserveAttempts(db, bounds, now);
  if (!slot) {
    // The day's bound says so: waiting 15 minutes would not help.
    const daily = device
      ? await countAttempts(db, 'second_factor_device', device.nonce, DAY_MS, now)
      : await countAttempts(db, 'second_factor_failure', userId, DAY_MS, now);
    throw tooMany(daily >= SECOND_FACTOR_FAILURES_PER_DAY ? TOO_MANY_CODES_TODAY : TOO_MANY_CODES);
  }
  const tried = await db
    .update(authChallenges)
    .set({ wrongAttempts: sql`${authChallenges.wrongAttempts} + 1` })
    .where(and(eq(authChallenges.id, id), lt(authChallenges.wrongAttempts, SECOND_FACTOR_FAILURES)))
    .run();
  if (tried.meta.changes !== 1) {
    // A used-up sign-in is no guess: it costs the client nothing.
    await releaseAttempts(db, slot);
    throw unauthorized(SECOND_FACTOR_EXPIRED);
  }

  const ok = /^\d{6}$/.test(code.trim())
    ? await checkTotpCode(db, userId, code.trim(), now)
    : await useRecoveryCode(db, userId, code, now);
  if (!ok) throw fieldError('code', INVALID_VERIFICATION_CODE);

  await releaseAttempts(db, slot);
  const claimed = await db
    .update(authChallenges)
    .set({ usedAt: now })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt)))
    .run();
  if (claimed.meta.changes !== 1) throw unauthorized(SECOND_FACTOR_EXPIRED);
  return userId;
}

/** Challenges past their time (five minutes) answer nothing any more; dropped by the scheduled job every minute. */
export const pruneChallenges = (db: Db, now = Date.now()) =>
  db.delete(authChallenges).where(lt(authChallenges.expiresAt, now));
