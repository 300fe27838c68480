// Passwords that the 6-character minimum lets through but an attacker tries first
// (README, Decisions: passwords): the bundled list of common passwords, checked
// case-insensitively, one character repeated ('aaaaaa', six spaces), and the account's own
// username or e-mail address. The password itself is never trimmed, shortened or changed.

export const WEAK_PASSWORD = 'This password is too common. Please choose a less common password.';

let common: Promise<Set<string>> | undefined;

/**
 * The list (common-passwords.txt, written by `npm run passwords`) is a text module, loaded on
 * the first password checked: data, not code, so an isolate that only serves cards never reads it.
 */
function commonPasswords() {
  common ??= import('./common-passwords.txt').then(
    ({ default: text }) => new Set(text.split('\n').filter(Boolean)),
    (error: unknown) => {
      common = undefined;
      throw error;
    },
  );
  return common;
}

type Context = { email?: string; username?: string };

/** The reason, in the product's words, a password is refused, or null when it may be used. */
export async function weakPasswordReason(password: string, context: Context = {}): Promise<string | null> {
  const lower = password.toLowerCase();
  if (new Set(lower).size === 1) return WEAK_PASSWORD;
  const email = context.email?.toLowerCase();
  const own = [context.username?.toLowerCase(), email, email?.split('@')[0]].filter(Boolean);
  if (own.includes(lower)) return WEAK_PASSWORD;
  if ((await commonPasswords()).has(lower)) return WEAK_PASSWORD;
  return null;
}
