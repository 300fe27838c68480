import { z } from 'zod';
import {
  EMAIL_MAX,
  NAME_MAX,
  NAME_MIN,
  OTP_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RESERVED_USERNAMES,
  RESET_PASSWORD_PATTERN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../constants';
import { dataMessageResponse } from './responses';
import { singleLine } from './text';
import { userSchema } from './user';

// Messages are docs/product.md's (§5), word for word: the web forms show them as they are.
const EMAIL_MESSAGE = 'Please enter a valid email address';
const PASSWORD_MESSAGE = `Password must be at least ${PASSWORD_MIN} characters`;

export const emailField = (message = EMAIL_MESSAGE) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, { error: message })
    .pipe(z.email({ error: message }));

// Never trimmed or shortened: what is typed is what is hashed. The Worker also refuses common
// passwords (worker/lib/password-policy.ts), a list too large to ship to the browser.
const passwordField = z
  .string({ error: PASSWORD_MESSAGE })
  .min(PASSWORD_MIN, { error: PASSWORD_MESSAGE })
  .max(PASSWORD_MAX, { error: 'Password is too long' });
/** A password being chosen (registration, change): the same rules. */
export const newPasswordField = passwordField;

export const nameField = z
  .string({ error: `Name must be at least ${NAME_MIN} characters` })
  .overwrite(singleLine)
  .trim()
  .min(NAME_MIN, { error: `Name must be at least ${NAME_MIN} characters` })
  .max(NAME_MAX, { error: 'Name is too long' });

export const usernameField = z
  .string({ error: `Username must be at least ${USERNAME_MIN} characters` })
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, { error: `Username must be at least ${USERNAME_MIN} characters` })
  .max(USERNAME_MAX, { error: 'Username is too long' })
  .regex(USERNAME_PATTERN, {
    error: 'Username can only contain lowercase letters, numbers, underscores, and hyphens',
  })
  .refine((value) => !RESERVED_USERNAMES.has(value), { error: 'This username is not available' });

export const loginBody = z.object({
  email: emailField(),
  password: passwordField,
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  name: nameField,
  username: usernameField,
  email: emailField(),
  password: passwordField,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** GET /v1/auth/username?username=…: the registration form asks as the person types. */
export const usernameQuery = z.object({ username: usernameField });

/** A refresh or logout that names no session, neither in the body nor in a cookie. */
export const REFRESH_TOKEN_REQUIRED = 'Refresh token is required';

/**
 * The refresh token, or none when the browser's refresh cookie carries it (the Worker then
 * answers 422 'Refresh token is required' if that is missing too).
 */
export const refreshBody = z.object({
  refresh_token: z
    .string({ error: REFRESH_TOKEN_REQUIRED })
    .min(1, { error: REFRESH_TOKEN_REQUIRED })
    .max(200)
    .optional(),
});

/**
 * The refresh token names the session to end (from the body, else the browser's refresh
 * cookie); only "all devices" can do without it (the bearer token or the access cookie then
 * names the account). Without either there would be nothing to revoke.
 */
export const logoutBody = z.object({
  refresh_token: z.string({ error: REFRESH_TOKEN_REQUIRED }).max(200).optional(),
  all_devices: z.boolean().optional().default(false),
});

export const forgotPasswordBody = z.object({
  email: emailField(),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const otpField = z
  .string({ error: `OTP must be ${OTP_LENGTH} digits` })
  .length(OTP_LENGTH, { error: `OTP must be ${OTP_LENGTH} digits` })
  .regex(/^\d+$/, { error: 'OTP must contain only digits' });

export const verifyOtpBody = z.object({
  email: emailField(),
  otp: otpField,
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBody>;

export const resetPasswordBody = z
  .object({
    email: emailField('Invalid email'),
    token: z.string({ error: 'Reset token is required' }).min(1, { error: 'Reset token is required' }).max(200),
    password: passwordField.regex(RESET_PASSWORD_PATTERN, {
      error: 'Password must contain uppercase, lowercase, number and special character',
    }),
    password_confirmation: z.string({ error: 'Passwords do not match' }),
  })
  .refine((body) => body.password === body.password_confirmation, {
    error: 'Passwords do not match',
    path: ['password_confirmation'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

// Answers.

/** A sign-in, a registration or a passkey: both tokens and the user (docs/product.md §3). */
export const signedInResponse = z
  .object({
    success: z.literal(true),
    message: z.string(),
    token: z.string(),
    refresh_token: z.string(),
    user: userSchema,
  })
  .strict();

/**
 * The same for a client that asked for its tokens as cookies only (`X-Token-Delivery: cookie`,
 * as the web app does): they are in HttpOnly cookies, where no script can read them, and the
 * JSON says so instead of carrying them.
 */
export const cookieSignedInResponse = z
  .object({ success: z.literal(true), message: z.string(), session: z.literal('cookie'), user: userSchema })
  .strict();

/**
 * Whether a username (valid, as the schema reads it: trimmed, lower-case) can still be taken; the
 * address its card would have. A valid but taken name answers 200 with `available: false`.
 */
export const usernameAvailabilityResponse = z
  .object({
    success: z.literal(true),
    data: z.object({ username: z.string(), available: z.boolean(), url: z.string() }).strict(),
  })
  .strict();

/** A registration waiting for an operator (202): the user, no tokens (docs/product.md §2). */
export const pendingRegistrationResponse = z
  .object({ success: z.literal(true), message: z.string(), user: userSchema })
  .strict();

/** The password was right and a second factor is on: finish at /v1/auth/login/second-factor. */
export const secondFactorRequiredResponse = z
  .object({
    success: z.literal(true),
    message: z.string(),
    mfa_required: z.literal(true),
    mfa_token: z.string(),
    mfa_methods: z.array(z.enum(['totp', 'recovery_code'])).readonly(),
  })
  .strict();

/** POST /v1/auth/refresh: a new pair. */
export const tokensResponse = z
  .object({ success: z.literal(true), message: z.string(), token: z.string(), refresh_token: z.string() })
  .strict();

/** POST /v1/auth/refresh with the refresh cookie, or asking for cookies only: the new pair is in the cookies. */
export const cookieTokensResponse = z
  .object({ success: z.literal(true), message: z.string(), session: z.literal('cookie') })
  .strict();

/** POST /v1/auth/verify-otp: the token that lets /reset-password set the new password. */
export const otpVerifiedResponse = dataMessageResponse(z.object({ token: z.string() }).strict());
