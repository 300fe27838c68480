import { eq } from 'drizzle-orm';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_FAILURES_MAX } from '../../shared/constants';
import type { LoginBody, RegisterBody } from '../../shared/schemas/auth';
import { profiles, users } from '../db/schema';
import type { Db } from '../env';
import { forbidden, invalid, tooMany, unauthorized, type FieldErrors } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/hashing';
import { clearAttempts, releaseAttempt, reserveAttempt } from './attempts';
import { defaultCatalogueIds } from './catalogue';

export const PENDING_ACTIVATION_MESSAGE =
  'Your account is pending activation. Please contact support to activate your account.';
export const REGISTERED_PENDING_MESSAGE =
  'Registration successful. Your account is pending activation; please contact support to activate it.';
const INVALID_CREDENTIALS = 'Invalid email or password';
const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
export const EMAIL_TAKEN = 'This email is already registered';
export const USERNAME_TAKEN = 'This username is already taken';

// A real hash to compare against when the account is unknown, so both paths cost the same.
let dummyHash: Promise<string> | undefined;

export async function isUsernameTaken(db: Db, username: string, exceptUserId?: string) {
  const row = await db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.username, username)).get();
  return Boolean(row && row.userId !== exceptUserId);
}

export async function register(db: Db, body: RegisterBody, pending: boolean) {
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
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(profiles).values({
        userId: id,
        username: body.username,
        name: body.name,
        themeId,
        templateId,
        createdAt: now,
        updatedAt: now,
      }),
    ]);
  } catch (error) {
    // Lost a race for the same address or name: the unique index decided.
    const text = String((error as Error)?.cause ?? error);
    if (text.includes('users.email')) throw invalid({ email: [EMAIL_TAKEN] });
    if (text.includes('profiles.username')) throw invalid({ username: [USERNAME_TAKEN] });
    throw error;
  }
  return id;
}

/**
 * Checks credentials with an exact bound of failed attempts per address: each try first
 * takes a slot (atomically, so parallel guesses cannot pass the bound) and gives it back
 * when the password was right. Unknown addresses cost a hash like known ones; a pending
 * account is told so only after its password was right.
 */
export async function authenticate(db: Db, body: LoginBody): Promise<string> {
  const slot = await reserveAttempt(db, 'login_failure', body.email, [
    { windowMs: LOGIN_FAILURE_WINDOW_MS, max: LOGIN_FAILURES_MAX },
  ]);
  if (slot == null) throw tooMany(TOO_MANY_FAILURES);

  const user = await db.select().from(users).where(eq(users.email, body.email)).get();
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await (dummyHash ??= hashPassword('x'))));
  if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS);
  if (user.status === 'pending') {
    await releaseAttempt(db, slot);
    throw forbidden(PENDING_ACTIVATION_MESSAGE);
  }
  await clearAttempts(db, 'login_failure', body.email);
  return user.id;
}
