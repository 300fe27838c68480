import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_MAILS_PER_HOUR, HOUR_MS, OTP_MAX_WRONG, OTP_RESEND_SECONDS, OTP_TTL_MS } from '@shared/constants';
import type { EmailChangeBody, PasswordChangeBody } from '@shared/schemas/security';
import { emailChanges, cards, users } from '../db/schema';
import type { Db } from '../env';
import { fieldError, invalid, notFound, tooMany } from '../lib/errors';
import { hashCode, hashPassword, randomCode, timingSafeEqual } from '../lib/hashing';
import { loadLanguage } from '../lib/i18n';
import type { Mailer } from '../lib/mailer';
import { weakPasswordReason } from '../lib/password-policy';
import { clearAttempts, reserveAttempt } from './attempts';
import { EMAIL_TAKEN } from './accounts';
import { cancelResets } from './password-reset';
import { confirmIdentity } from './reauth';
import { endOtherSessions } from './session-list';
import { primaryCardOf } from './card-owner';
import { accountLanguage } from './account-language';

const INVALID_CODE = 'Invalid or expired verification code';
const SAME_EMAIL = 'This is already your email address';
const TOO_MANY_WRONG = 'Too many incorrect codes. Please request a new code.';
const TOO_MANY_MAILS = `Please wait ${OTP_RESEND_SECONDS} seconds before requesting a new code.`;

async function account(db: Db, userId: string) {
  const row = await db
    .select({ email: users.email, username: cards.username, language: accountLanguage })
    .from(users)
    .innerJoin(cards, primaryCardOf(users.id))
    .where(eq(users.id, userId))
    .get();
  if (!row) throw notFound('User not found');
  return row;
}

/**
 * A new password, given the current one (or a fresh authenticator code). Every other session
 * ends, so whoever may have known the old password is signed out; this one stays signed in. A
 * reset under way ends too: its code or token no longer overrides the password chosen now.
 */
export async function changePassword(db: Db, userId: string, sessionId: string | null, body: PasswordChangeBody) {
  await confirmIdentity(db, userId, body);
  const { email, username } = await account(db, userId);
  const weak = await weakPasswordReason(body.password, { email, username });
  if (weak) throw invalid({ password: [weak] });
  const passwordHash = await hashPassword(body.password);
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: Date.now() }).where(eq(users.id, userId)),
    clearAttempts(db, 'login_failure', email),
    cancelResets(db, userId, Date.now()),
  ]);
  await endOtherSessions(db, userId, sessionId);
}

/**
 * Starts an e-mail change: a 6-digit code goes to the new address, which changes only once
 * that code comes back. Whether the new address already has an account is not told here (the
 * code is sent all the same); only its owner, who reads the code, learns it at confirmation.
 */
export async function requestEmailChange(
  db: Db,
  mailer: Mailer,
  userId: string,
  body: EmailChangeBody,
  now = Date.now(),
) {
  await confirmIdentity(db, userId, body, now);
  const { email, language } = await account(db, userId);
  if (body.email === email) throw fieldError('email', SAME_EMAIL);
  const slot = await reserveAttempt(
    db,
    'email_change_mail',
    userId,
    [
      { windowMs: HOUR_MS, max: EMAIL_CHANGE_MAILS_PER_HOUR },
      { windowMs: OTP_RESEND_SECONDS * 1000, max: 1 },
    ],
    now,
  );
  if (slot == null) throw tooMany(TOO_MANY_MAILS, { email: [TOO_MANY_MAILS] });
  const id = crypto.randomUUID();
  const code = randomCode();
  await db.batch([
    db
      .update(emailChanges)
      .set({ usedAt: now })
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt))),
    db.insert(emailChanges).values({
      id,
      userId,
      newEmail: body.email,
      codeHash: await hashCode(id, code),
      expiresAt: now + OTP_TTL_MS,
      createdAt: now,
    }),
  ]);
  // Both e-mails speak the account's language, as the reset code and every e-mail to an owner do.
  const t = await loadLanguage(language);
  await mailer.send({
    to: body.email,
    subject: t('mail.email_change_subject'),
    code,
    text: t('mail.email_change_text', { code }),
  });
  return { email: body.email };
}

/** The code from the new address's inbox: the address changes, and the old one is told. */
export async function confirmEmailChange(db: Db, mailer: Mailer, userId: string, code: string, now = Date.now()) {
  const change = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)))
    .orderBy(desc(emailChanges.createdAt))
    .get();
  if (!change || change.expiresAt <= now) throw fieldError('code', INVALID_CODE);
  const tried = await db
    .update(emailChanges)
    .set({ wrongAttempts: sql`${emailChanges.wrongAttempts} + 1` })
    .where(and(eq(emailChanges.id, change.id), sql`${emailChanges.wrongAttempts} < ${OTP_MAX_WRONG}`))
    .run();
  if (tried.meta.changes !== 1) {
    // This code is spent: a new one may be asked for once the last was sent long enough ago.
    const resend = Math.ceil((change.createdAt + OTP_RESEND_SECONDS * 1000 - now) / 1000);
    throw tooMany(TOO_MANY_WRONG, undefined, Math.max(1, resend));
  }
  const expected = new TextEncoder().encode(change.codeHash);
  if (!timingSafeEqual(new TextEncoder().encode(await hashCode(change.id, code)), expected))
    throw fieldError('code', INVALID_CODE);

  const { email: oldEmail, language } = await account(db, userId);
  const claimedHere = sql`EXISTS (SELECT 1 FROM ${emailChanges} WHERE ${emailChanges.id} = ${change.id} AND ${emailChanges.usedAt} = ${now})`;
  try {
    const [claimed] = await db.batch([
      db
        .update(emailChanges)
        .set({ usedAt: now })
        .where(and(eq(emailChanges.id, change.id), isNull(emailChanges.usedAt))),
      db
        .update(users)
        .set({ email: change.newEmail, updatedAt: now })
        .where(and(eq(users.id, userId), claimedHere)),
      // A reset code mailed to the old address must not outlive it.
      cancelResets(db, userId, now, claimedHere),
    ]);
    if (claimed.meta.changes !== 1) throw fieldError('code', INVALID_CODE);
  } catch (error) {
    if (String((error as Error)?.cause ?? error).includes('users.email')) throw fieldError('email', EMAIL_TAKEN);
    throw error;
  }
  const t = await loadLanguage(language);
  await mailer
    .send({
      to: oldEmail,
      subject: t('mail.email_changed_subject'),
      text: t('mail.email_changed_text', { email: change.newEmail }),
    })
    .catch(() => undefined);
  return change.newEmail;
}
