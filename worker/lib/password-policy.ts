import { COMMON_PASSWORDS } from './common-passwords.generated';

// Passwords that the 6-character minimum lets through but an attacker tries first
// (README, Decisions: passwords): the bundled list of common passwords, checked
// case-insensitively, one character repeated ('aaaaaa', six spaces), and the account's own
// username or e-mail address. The password itself is never trimmed, shortened or changed.

export const WEAK_PASSWORD = 'This password is too common. Please choose a less common password.';

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(COMMON_PASSWORDS.split('\n')));

type Context = { email?: string; username?: string };

/** The reason, in the product's words, a password is refused, or null when it may be used. */
export function weakPasswordReason(password: string, context: Context = {}): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return WEAK_PASSWORD;
  if (new Set(lower).size === 1) return WEAK_PASSWORD;
  const email = context.email?.toLowerCase();
  const own = [context.username?.toLowerCase(), email, email?.split('@')[0]].filter(Boolean);
  if (own.includes(lower)) return WEAK_PASSWORD;
  return null;
}
