import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages';
import { eq } from 'drizzle-orm';
import {
  HOUR_MS,
  REGISTRATIONS_PER_CLIENT_PER_HOUR,
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_CLIENT,
  SIGN_IN_FAILURES_PER_DEVICE,
  SIGN_IN_FAILURES_PER_PAIR,
  SIGN_IN_WINDOW_MS,
} from '@shared/constants';
import type { LoginBody, RegisterBody } from '@shared/schemas/auth';
import { cards, users } from '../db/schema';
import type { Db } from '../env';
import { forbidden, invalid, tooMany, unauthorized, type FieldErrors } from '../lib/errors';
import { shardForNewCard } from '../lib/count-shards';
import { hashPassword, verifyPassword } from '../lib/hashing';
import { weakPasswordReason } from '../lib/password-policy';
import type { KnownDevice } from '../lib/device-cookies';
import { holdMessage, holdOf } from './account-standing';
import { clearAttempts, countAttempts, releaseAttempts, reserveAttempt, reserveAttempts } from './attempts';
import { defaultCatalogueIds } from './catalogue';
import { isUsernameHeld } from './username-holds';

export const REGISTERED_PENDING_MESSAGE =
  'Registration successful. Your account is pending activation; please contact support to activate it.';
const INVALID_CREDENTIALS = 'Invalid email or password';
const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
export const ACCOUNT_LOCKED_FOR_NEW_DEVICES =
  'Too many failed sign-ins to this account. Sign in from a device you have used before, with a passkey, or reset your password.';
const TOO_MANY_REGISTRATIONS = 'Too many sign-up attempts from this network. Please try again in an hour.';
export const EMAIL_TAKEN = 'This email is already registered';
export const USERNAME_TAKEN = 'This username is already taken';

// A real hash to compare against when the account is unknown, so both paths cost the same.
let dummyHash: Promise<string> | undefined;

/** Taken by another card, or held for its last owner (README, Decisions: usernames). */
export async function isUsernameTaken(db: Db, username: string, exceptUserId?: string) {
  const row = await db.select({ userId: cards.id }).from(cards).where(eq(cards.username, username)).get();
  if (row) return row.userId !== exceptUserId;
  return isUsernameHeld(db, username, exceptUserId);
}

/**
 * Registration is bounded per client (20 an hour): the answer for an address that already has
 * an account stays as documented, but one client can no longer ask it about address after address.
 */
/**
 * A new account. Its language (the dashboard's and the e-mails') and its first card's (the one its
 * visitors read) are the one the person registered in: the sign-in page's, which the route reads
 * from the browser (docs/product.md §8). Each changes apart from the other afterwards.
 */
export async function register(
  db: Db,
  body: RegisterBody,
  pending: boolean,
  client: string,
  /** How many counting databases are bound: the new card goes to one of them (docs/decisions/0071). */
  shards: number,
  language: Language = DEFAULT_LANGUAGE,
) {
  const weak = await weakPasswordReason(body.password, body);
  if (weak) throw invalid({ password: [weak] });
  const slot = await reserveAttempt(db, 'register_client', client, [
    { windowMs: HOUR_MS, max: REGISTRATIONS_PER_CLIENT_PER_HOUR },
  ]);
  if (slot == null) throw tooMany(TOO_MANY_REGISTRATIONS);
  const errors: FieldErrors = {};
  const [emailRow, usernameTaken] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).get(),
    isUsernameTaken(db, body.username),
  ]);
  if (emailRow) errors.email = [EMAIL_TAKEN];
  if (usernameTaken) errors.username = [USERNAME_TAKEN];
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const id = crypto.randomUUID();
  const now = Date.now();
  const { themeId, templateId } = await defaultCatalogueIds(db);
  try {
    await db.batch([
      db.insert(users).values({
        id,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        status: pending ? 'pending' : 'active',
        activatedAt: pending ? null : now,
        language,
        createdAt: now,
        updatedAt: now,
      }),
      // The account's first card keeps the account's id (docs/decisions/0091-cards-apart-from-accounts.md).
      db.insert(cards).values({
        id,
        userId: id,
        isPrimary: true,
        username: body.username,
        name: body.name,
        themeId,
        templateId,
        countShard: shardForNewCard(id, shards),
        language,
        createdAt: now,
        updatedAt: now,
      }),
    ]);
  } catch (error) {
    // Lost a race for the same address or name: the unique index decided.
    const text = String((error as Error)?.cause ?? error);
    if (text.includes('users.email')) throw invalid({ email: [EMAIL_TAKEN] });
    if (text.includes('cards.username')) throw invalid({ username: [USERNAME_TAKEN] });
    throw error;
  }
  return id;
}

/**
 * Checks credentials under the bounds of failed sign-ins (README, Decisions: bounds): per client
 * and account (10 per 15 minutes) and per client (30), a client being an IPv4 address or an
 * IPv6 /64; and per account, where the device matters. A browser that has signed in to the
 * account before (its device cookie, lib/device-cookies.ts) has 10 failures per 15 minutes of
 * its own; every other client shares the account's 20 an hour. So guesses from any number of
 * addresses are bounded, and the owner, on a known device, with a passkey or after a password
 * reset, still gets in. Each try first takes its slots (atomically, so parallel guesses cannot
 * pass a bound) and gives them back when the password was right. Unknown addresses cost a hash
 * and are bounded like known ones; a pending or deactivated account is told so only after its
 * password was right.
 */
export async function authenticate(
  db: Db,
  body: LoginBody,
  client: string,
  deviceOf: (userId: string | undefined) => Promise<KnownDevice | null> = async () => null,
  now = Date.now(),
): Promise<string> {
  const user = await db.select().from(users).where(eq(users.email, body.email)).get();
  const device = await deviceOf(user?.id);
  const account = { kind: 'login_failure' as const, subject: body.email };
  const fromDevice = { kind: 'login_failure_device' as const, subject: device?.nonce ?? '' };
  const fromClient = { kind: 'login_failure_client' as const, subject: client };
  const pair = { kind: 'login_failure_pair' as const, subject: `${client}|${body.email}` };
  const window = SIGN_IN_WINDOW_MS;
  const accountBound = device
    ? { ...fromDevice, windowMs: window, max: SIGN_IN_FAILURES_PER_DEVICE }
    : { ...account, windowMs: HOUR_MS, max: SIGN_IN_FAILURES_PER_ACCOUNT };
  const slots = await reserveAttempts(
    db,
    [
      accountBound,
      { ...fromClient, windowMs: window, max: SIGN_IN_FAILURES_PER_CLIENT },
      { ...pair, windowMs: window, max: SIGN_IN_FAILURES_PER_PAIR },
    ],
    now,
  );
  if (slots == null) {
    const locked =
      !device && (await countAttempts(db, account.kind, account.subject, HOUR_MS, now)) >= SIGN_IN_FAILURES_PER_ACCOUNT;
    throw tooMany(locked ? ACCOUNT_LOCKED_FOR_NEW_DEVICES : TOO_MANY_FAILURES);
  }

  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await (dummyHash ??= hashPassword('x'))));
  // An account being deleted (its tombstone waits for the cron) is as gone as a deleted one.
  if (!user || !ok || user.status === 'deleted') throw unauthorized(INVALID_CREDENTIALS);
  const hold = holdOf(user);
  if (hold) {
    await releaseAttempts(db, slots);
    throw forbidden(holdMessage(hold));
  }
  // The pair's failures are forgotten (the owner got it right); the account's stay until they
  // age out, so an attack spread over many clients is not reset by the owner signing in.
  await db.batch([releaseAttempts(db, slots), clearAttempts(db, pair.kind, pair.subject)]);
  return user.id;
}
