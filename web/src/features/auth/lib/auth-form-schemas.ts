import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { NAME_MIN, OTP_LENGTH, PASSWORD_MIN, USERNAME_MIN } from '@shared/constants';
import { forgotPasswordBody, loginBody, registerBody, resetPasswordBody, verifyOtpBody } from '@shared/schemas/auth';
import type { Values } from '@shared/i18n/translate';
import { words } from '@/lib/i18n';

// The sign-in screens' validation: the server's own request schemas, so the messages match. This
// module (zod included) loads on a form's first use (lib/lazy-resolver.ts), outside the screens'
// budgeted first load; the forms import types only.

const t = words('signin');
type AuthKey = Parameters<typeof t>[0];

/**
 * The schemas' messages (docs/product.md §5, the spec's English, shared with the Worker) as the
 * screen says them: each English message names its key in the auth catalogue, so English stays
 * byte for byte and every other language reads its own words. A message not listed passes as it is.
 */
const MESSAGES: Record<string, [AuthKey, Values?]> = {
  'Please enter a valid email address': ['signin.email_invalid'],
  'Invalid email': ['signin.email_invalid_short'],
  [`Password must be at least ${PASSWORD_MIN} characters`]: ['signin.password_min', { min: PASSWORD_MIN }],
  'Password is too long': ['signin.password_long'],
  'Password must contain uppercase, lowercase, number and special character': ['signin.password_pattern'],
  'Passwords do not match': ['signin.passwords_differ'],
  [`Name must be at least ${NAME_MIN} characters`]: ['signin.name_min', { min: NAME_MIN }],
  'Name is too long': ['signin.name_long'],
  [`Username must be at least ${USERNAME_MIN} characters`]: ['signin.username_min', { min: USERNAME_MIN }],
  'Username is too long': ['signin.username_long'],
  'Username can only contain lowercase letters, numbers, underscores, and hyphens': ['signin.username_pattern'],
  'This username is not available': ['signin.username_unavailable'],
  [`OTP must be ${OTP_LENGTH} digits`]: ['signin.otp_length', { length: OTP_LENGTH }],
  'OTP must contain only digits': ['signin.otp_digits'],
  'Reset token is required': ['signin.reset_token_required'],
};

/** A message of the schemas in the app's language. */
export function authMessage(english: string): string {
  const entry = MESSAGES[english];
  return entry ? t(entry[0], entry[1]) : english;
}

/** The resolver with each field's message in the app's language (the forms' fields are flat). */
function translated<In extends FieldValues, Out>(resolver: Resolver<In, unknown, Out>): Resolver<In, unknown, Out> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as Record<string, { message?: string } | undefined>;
    for (const error of Object.values(errors))
      if (error && typeof error.message === 'string') error.message = authMessage(error.message);
    return { ...result, errors: errors as FieldErrors<In> } as typeof result;
  };
}

export const loginResolver = translated(zodResolver(loginBody));
export const registerResolver = translated(zodResolver(registerBody));
export const forgotPasswordResolver = translated(zodResolver(forgotPasswordBody));
export const verifyOtpResolver = translated(zodResolver(verifyOtpBody));
export const resetPasswordResolver = translated(zodResolver(resetPasswordBody));
