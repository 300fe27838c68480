import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DAY_MS,
  HOUR_MS,
  OTP_FAILURES_PER_CLIENT,
  OTP_FAILURES_PER_DAY,
  OTP_MAX_WRONG,
  OTP_RESEND_SECONDS,
  OTP_TTL_MS,
  RESET_MAILS_PER_CLIENT_PER_HOUR,
  RESET_MAILS_PER_HOUR,
  RESET_TOKEN_TTL_MS,
  SIGN_IN_WINDOW_MS,
} from '@shared/constants';
import type { ResetPasswordBody, VerifyOtpBody } from '@shared/schemas/auth';
import type { Language } from '@shared/i18n/languages';
import { passwordResets, users } from '../db/schema';
import type { Db } from '../env';
import { fieldError, invalid, tooMany } from '../lib/errors';
import { weakPasswordReason } from '../lib/password-policy';
import { hashCode, hashPassword, randomCode, randomToken, sha256, timingSafeEqual } from '../lib/hashing';
import { loadLanguage } from '../lib/i18n';
import type { Mailer } from '../lib/mailer';
import { logError } from '../lib/log';
import { clearAttempts, countAttempts, releaseAttempts, reserveAttempt, reserveAttempts } from './attempts';
import { signOutEverywhere } from './sessions';
import { accountLanguage } from './account-language';

export const INVALID_OR_EXPIRED_TOKEN = 'Invalid or expired token';
const INVALID_CODE = 'Invalid or expired verification code';
const TOO_MANY_WRONG = 'Too many incorrect codes. Please request a new code.';
const TOO_MANY_TODAY = 'Too many incorrect codes for this address today. Please try again tomorrow.';
const TOO_MANY_MAILS = 'Too many reset requests for this address. Please try again in an hour.';
const RESEND_TOO_SOON = `Please wait ${OTP_RESEND_SECONDS} seconds before requesting a new code.`;
const TOO_MANY_FROM_CLIENT = 'Too many attempts from this network. Please try again later.';

/**
 * Runs a task after the answer (`executionCtx.waitUntil` in production) or, by returning its
 * promise, before it (the development outbox, read right after the call).
 */
export type Defer = (task: Promise<void>) => Promise<void> | void;

type RequestResetOptions = { defer?: Defer; requestId?: string; now?: number; client?: string };

/**
 * Sends a 6-digit code when the address has an account. Bounds (5 mails an hour, one per
 * 120 s) count requests for the address whether or not it has an account, so the answer
 * never tells which addresses are registered; one client may ask 10 times an hour, whatever
 * the addresses. Storing and sending the code go to `defer`, so that in production a known
 * address answers as fast as an unknown one.
 */
export async function requestReset(db: Db, mailer: Mailer, email: string, options: RequestResetOptions = {}) {
  const { defer = (task) => task, requestId = 'reset', now = Date.now(), client = 'unknown' } = options;
  const resendMs = OTP_RESEND_SECONDS * 1000;
  const fromClient = await reserveAttempt(
    db,
    'reset_mail_client',
    client,
    [{ windowMs: HOUR_MS, max: RESET_MAILS_PER_CLIENT_PER_HOUR }],
    now,
  );
  if (fromClient == null) throw tooMany(TOO_MANY_FROM_CLIENT, { email: [TOO_MANY_FROM_CLIENT] });
  const slot = await reserveAttempt(
    db,
    'reset_mail',
    email,
    [
      { windowMs: HOUR_MS, max: RESET_MAILS_PER_HOUR },
      { windowMs: resendMs, max: 1 },
    ],
    now,
  );
  if (slot == null) {
    const recent = await countAttempts(db, 'reset_mail', email, HOUR_MS, now);
    const message = recent >= RESET_MAILS_PER_HOUR ? TOO_MANY_MAILS : RESEND_TOO_SOON;
    // Also under errors.email: the forgot-password screen shows that field as a toast (docs/product.md §8).
    throw tooMany(message, { email: [message] });
  }
  // A new code (or, for an unknown address, the same answer) starts a fresh count of wrong
  // codes for the address: known and unknown addresses go through the same sequence.
  await clearAttempts(db, 'otp_failure', email);

  // The mail speaks the account's language (docs/product.md §8, Languages).
  const user = await db
    .select({ id: users.id, language: accountLanguage })
    .from(users)
    .where(eq(users.email, email))
    .get();
  if (!user) return;
  await defer(
    sendCode(db, mailer, user.id, email, now, user.language ?? 'en').catch((error: unknown) => {
      // A failure must not answer differently from an unknown address (that would reveal which
      // addresses have accounts); the log says what happened, without the code.
      logError(requestId, error, { msg: 'reset mail not sent' });
    }),
  );
}

async function sendCode(db: Db, mailer: Mailer, userId: string, email: string, now: number, language: Language) {
  const id = crypto.randomUUID();
  const code = randomCode();
  const t = await loadLanguage(language);
  await db.batch([
    // A new code replaces every earlier unused one.
    db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt))),
    db.insert(passwordResets).values({
      id,
      userId,
      codeHash: await hashCode(id, code),
      expiresAt: now + OTP_TTL_MS,
      createdAt: now,
    }),
  ]);
  await mailer.send({
    to: email,
    subject: t('mail.reset_subject'),
    code,
    text: t('mail.reset_text', { code }),
  });
}

/**
 * Ends every reset the account has under way, mailed or verified. A new password or a new e-mail
 * address does this, so that a code sent to the old address (whose holder the e-mail change was
 * meant to shut out, and who is told the new address) or a token verified before the password
 * changed can no longer set the password. `onlyIf`: as in signOutEverywhere.
 */
export const cancelResets = (db: Db, userId: string, now: number, onlyIf?: SQL) =>
  db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), onlyIf));

/**
 * Checks a code: single use, 10 minutes, at most 5 wrong tries per address and code (counted for
 * known and unknown addresses alike, so both answer 422 five times and then 429), 40 per address
 * a day whatever the codes, and 20 per client in 15 minutes; answers a single-use reset token.
 */
export async function verifyCode(db: Db, body: VerifyOtpBody, now = Date.now(), client = 'unknown'): Promise<string> {
  const address = { kind: 'otp_failure' as const, subject: body.email };
  const addressToday = { kind: 'otp_failure_day' as const, subject: body.email };
  const fromClient = { kind: 'otp_failure_client' as const, subject: client };
  const slots = await reserveAttempts(
    db,
    [
      { ...address, windowMs: OTP_TTL_MS, max: OTP_MAX_WRONG },
      { ...addressToday, windowMs: DAY_MS, max: OTP_FAILURES_PER_DAY },
      { ...fromClient, windowMs: SIGN_IN_WINDOW_MS, max: OTP_FAILURES_PER_CLIENT },
    ],
    now,
  );
  if (slots == null) {
    const wrongToday = await countAttempts(db, 'otp_failure_day', body.email, DAY_MS, now);
    throw tooMany(wrongToday >= OTP_FAILURES_PER_DAY ? TOO_MANY_TODAY : TOO_MANY_WRONG);
  }

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

  const expected = new TextEncoder().encode(reset.codeHash);
  const actual = new TextEncoder().encode(await hashCode(reset.id, body.otp));
  if (!timingSafeEqual(actual, expected)) throw fieldError('otp', INVALID_CODE);

  const token = randomToken();
  // Only one concurrent verification of the same code can win.
  const claimed = await db
    .update(passwordResets)
    .set({
      verifiedAt: now,
      resetTokenHash: await sha256(token),
      resetTokenExpiresAt: now + RESET_TOKEN_TTL_MS,
    })
    .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.verifiedAt), isNull(passwordResets.usedAt)))
    .run();
  if (claimed.meta.changes !== 1) throw fieldError('otp', INVALID_CODE);
  await releaseAttempts(db, slots);
  return token;
}

/**
 * Sets the new password with a verified reset token, once, all or nothing. The password is
 * hashed first; then one batch (one transaction) claims the token only if it is still unused
 * and unexpired, writing a marker unique to this request in place of the token's hash, and
 * every other write (password, sign-out everywhere, forgotten failed sign-ins) takes effect
 * only if that marker is there. Of two concurrent resets only one claims; a failed write rolls
 * the claim back, so the token is never burned without the password changing.
 */
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
  if (!row) throw fieldError('token', INVALID_OR_EXPIRED_TOKEN);
  const weak = await weakPasswordReason(body.password, { email: body.email });
  if (weak) throw invalid({ password: [weak] });
  const passwordHash = await hashPassword(body.password);
  // Never a SHA-256 hex digest, so a claimed row can no longer be found by any token.
  const marker = `claimed:${crypto.randomUUID()}`;
  const claimedHere = sql`EXISTS (SELECT 1 FROM ${passwordResets} WHERE ${passwordResets.id} = ${row.id} AND ${passwordResets.resetTokenHash} = ${marker})`;
  const [claim] = await db.batch([
    db
      .update(passwordResets)
      .set({ usedAt: now, resetTokenHash: marker })
      .where(
        and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt), gt(passwordResets.resetTokenExpiresAt, now)),
      ),
    db
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, row.userId), claimedHere)),
    ...signOutEverywhere(db, row.userId, now, claimedHere),
    clearAttempts(db, 'login_failure', body.email, claimedHere),
  ]);
  if (claim.meta.changes !== 1) throw fieldError('token', INVALID_OR_EXPIRED_TOKEN);
}
