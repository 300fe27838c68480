import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  OTP_MAX_WRONG,
  OTP_RESEND_SECONDS,
  OTP_TTL_MS,
  RESET_MAILS_PER_HOUR,
  RESET_TOKEN_TTL_MS,
} from '../../shared/constants';
import type { ResetPasswordBody, VerifyOtpBody } from '../../shared/schemas/auth';
import { passwordResets, users } from '../db/schema';
import type { Db } from '../env';
import { AppError, fieldError, tooMany } from '../lib/errors';
import { hashCode, hashPassword, randomCode, randomToken, sha256, timingSafeEqual } from '../lib/hashing';
import type { Mailer } from '../lib/mailer';
import { countAttempts, recordAttempt } from './attempts';
import { revokeAllSessions } from './sessions';

export const INVALID_OR_EXPIRED_TOKEN = 'Invalid or expired token';
const INVALID_CODE = 'Invalid or expired verification code';
const TOO_MANY_WRONG = 'Too many incorrect codes. Please request a new code.';
const TOO_MANY_MAILS = 'Too many reset requests for this address. Please try again in an hour.';
const RESEND_TOO_SOON = `Please wait ${OTP_RESEND_SECONDS} seconds before requesting a new code.`;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Sends a 6-digit code when the address has an account. Bounds (5 mails an hour, one per
 * 120 s) count requests for the address whether or not it has an account, so the answer
 * never tells which addresses are registered.
 */
export async function requestReset(db: Db, mailer: Mailer, email: string, now = Date.now()) {
  const recent = await countAttempts(db, 'reset_mail', email, HOUR_MS, now);
  if (recent >= RESET_MAILS_PER_HOUR) throw tooMany(TOO_MANY_MAILS);
  const tooSoon = await countAttempts(db, 'reset_mail', email, OTP_RESEND_SECONDS * 1000, now);
  if (tooSoon > 0) throw tooMany(RESEND_TOO_SOON);
  await recordAttempt(db, 'reset_mail', email, now);

  const user = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (!user) return;
  const id = crypto.randomUUID();
  const code = randomCode();
  await db.batch([
    // A new code replaces every earlier unused one.
    db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt))),
    db.insert(passwordResets).values({
      id,
      userId: user.id,
      codeHash: await hashCode(id, code),
      expiresAt: now + OTP_TTL_MS,
      createdAt: now,
    }),
  ]);
  await mailer.send({
    to: email,
    subject: 'Your password reset code',
    code,
    text: `Your password reset code is ${code}.\n\nIt expires in 10 minutes. If you did not ask to reset your password, you can ignore this message.`,
  });
}

/** Checks a code: single use, 10 minutes, at most 5 wrong tries; answers a single-use reset token. */
export async function verifyCode(db: Db, body: VerifyOtpBody, now = Date.now()): Promise<string> {
  const row = await db
    .select({ reset: passwordResets })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(users.email, body.email), isNull(passwordResets.usedAt), isNull(passwordResets.verifiedAt)))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1)
    .get();
  const reset = row?.reset;
  if (!reset || reset.expiresAt <= now) throw fieldError('otp', INVALID_CODE);
  if (reset.wrongAttempts >= OTP_MAX_WRONG) throw tooMany(TOO_MANY_WRONG);

  const expected = new TextEncoder().encode(reset.codeHash);
  const actual = new TextEncoder().encode(await hashCode(reset.id, body.otp));
  if (!timingSafeEqual(actual, expected)) {
    await db
      .update(passwordResets)
      .set({ wrongAttempts: reset.wrongAttempts + 1 })
      .where(eq(passwordResets.id, reset.id));
    throw fieldError('otp', INVALID_CODE);
  }

  const token = randomToken();
  // Only one concurrent verification of the same code can win.
  const claimed = await db
    .update(passwordResets)
    .set({ verifiedAt: now, resetTokenHash: await sha256(token), resetTokenExpiresAt: now + RESET_TOKEN_TTL_MS })
    .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.verifiedAt), isNull(passwordResets.usedAt)))
    .run();
  if (claimed.meta.changes !== 1) throw fieldError('otp', INVALID_CODE);
  return token;
}

/** Sets the new password with a verified reset token, once; signs the account out everywhere. */
export async function resetPassword(db: Db, body: ResetPasswordBody, now = Date.now()) {
  const row = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.resetTokenHash, await sha256(body.token)),
        eq(users.email, body.email),
        isNull(passwordResets.usedAt),
        gt(passwordResets.resetTokenExpiresAt, now),
      ),
    )
    .get();
  if (!row) throw new AppError(400, INVALID_OR_EXPIRED_TOKEN);
  const claimed = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt)))
    .run();
  if (claimed.meta.changes !== 1) throw new AppError(400, INVALID_OR_EXPIRED_TOKEN);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.password), updatedAt: now })
    .where(eq(users.id, row.userId));
  await revokeAllSessions(db, row.userId, now);
}
