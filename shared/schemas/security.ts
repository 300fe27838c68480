import { z } from 'zod';
import { OTP_LENGTH, PASSKEY_NAME_MAX, PASSWORD_MAX } from '../constants';
import { emailField, newPasswordField, otpField } from './auth';
import { dataMessageResponse, dataResponse, isoTime } from './responses';
import { singleLine } from './text';

const CONFIRM_IDENTITY = 'Please enter your current password';
const CODE_MESSAGE = `Enter the ${OTP_LENGTH}-digit code from your authenticator app`;

const authenticatorCode = z
  .string({ error: CODE_MESSAGE })
  .trim()
  .regex(/^\d{6}$/, { error: CODE_MESSAGE });

/**
 * Proof that the person at the keyboard is the account's owner, sent with every sensitive
 * change: the current password, or a fresh code from the authenticator app.
 */
export const reauthFields = {
  current_password: z
    .string({ error: CONFIRM_IDENTITY })
    .max(PASSWORD_MAX, { error: 'Password is too long' })
    .optional(),
  code: authenticatorCode.optional(),
};
const proven = (body: { current_password?: string; code?: string }) => Boolean(body.current_password || body.code);
const proofRule = { error: CONFIRM_IDENTITY, path: ['current_password'] };

export const reauthBody = z.object(reauthFields).refine(proven, proofRule);
export type ReauthProof = z.infer<typeof reauthBody>;

/** POST /v1/user/security/totp/enable: the first code the app shows. */
export const totpConfirmBody = z.object({ code: authenticatorCode });

/** POST /v1/auth/login/second-factor: a code from the app, or one of the recovery codes. */
export const secondFactorBody = z.object({
  mfa_token: z.string({ error: 'Your sign-in has expired. Please sign in again.' }).min(1).max(200),
  code: z
    .string({ error: 'Enter the code from your authenticator app or a recovery code' })
    .trim()
    .min(6, { error: 'Enter the code from your authenticator app or a recovery code' })
    .max(32, { error: 'Enter the code from your authenticator app or a recovery code' }),
});

/** POST /v1/user/security/password. */
export const passwordChangeBody = z
  .object({
    ...reauthFields,
    password: newPasswordField,
    password_confirmation: z.string({ error: 'Passwords do not match' }),
  })
  .refine(proven, proofRule)
  .refine((body) => body.password === body.password_confirmation, {
    error: 'Passwords do not match',
    path: ['password_confirmation'],
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

/** POST /v1/user/security/email: the new address gets a code. */
export const emailChangeBody = z.object({ ...reauthFields, email: emailField() }).refine(proven, proofRule);
export type EmailChangeBody = z.infer<typeof emailChangeBody>;

/** POST /v1/user/security/email/confirm: the code sent to the new address. */
export const emailConfirmBody = z.object({ code: otpField });

/** A passkey's name, as its owner calls it ('Work laptop'). */
export const passkeyNameField = z
  .string({ error: 'Passkey name must be text' })
  .overwrite(singleLine)
  .trim()
  .max(PASSKEY_NAME_MAX, { error: `Passkey name must be at most ${PASSKEY_NAME_MAX} characters` });

/**
 * WebAuthn answers are checked by @simplewebauthn/server, field by field; here only their outer
 * shape and size are bounded.
 */
export const CREDENTIAL_MALFORMED = "The passkey's answer is missing or malformed.";
const credentialJson = z
  .object(
    {
      id: z
        .string({ error: CREDENTIAL_MALFORMED })
        .min(1, { error: CREDENTIAL_MALFORMED })
        .max(1024, { error: CREDENTIAL_MALFORMED }),
      rawId: z.string({ error: CREDENTIAL_MALFORMED }).max(1024, { error: CREDENTIAL_MALFORMED }),
      type: z.literal('public-key', { error: CREDENTIAL_MALFORMED }),
    },
    { error: CREDENTIAL_MALFORMED },
  )
  .passthrough();

export const passkeyRegisterBody = z.object({ name: passkeyNameField.optional(), response: credentialJson });
export const passkeySignInBody = z.object({ response: credentialJson });
/** `?mediation=conditional`: options for the sign-in field's suggestions, bounded apart from the button's. */
export const passkeySignInOptionsQuery = z.object({
  mediation: z.enum(['conditional'], { error: 'Mediation must be conditional when given' }).optional(),
});

// Answers.

/** A passkey as the Security section lists it. */
export const passkeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    created_at: isoTime,
    last_used_at: isoTime.nullable(),
    backed_up: z.boolean(),
  })
  .strict();
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /v1/user/security `data`. */
export const securityOverview = z
  .object({
    email: z.string(),
    totp_enabled: z.boolean(),
    recovery_codes_left: z.number().int().nonnegative(),
    passkeys: z.array(passkeySchema),
  })
  .strict();
export type SecurityOverview = z.infer<typeof securityOverview>;
export const securityOverviewResponse = dataResponse(securityOverview);

/** POST /v1/user/security/totp/setup `data`: the secret, also as the QR code's otpauth: URI. */
export const totpSetup = z.object({ secret: z.string(), otpauth_url: z.string().startsWith('otpauth://') }).strict();
export type TotpSetup = z.infer<typeof totpSetup>;
export const totpSetupResponse = dataMessageResponse(totpSetup);

/** The recovery codes, shown once: on enabling the factor and when replaced. */
export const recoveryCodesResponse = dataMessageResponse(z.object({ recovery_codes: z.array(z.string()) }).strict());

/** POST /v1/user/security/email (202): the address the code went to. */
export const emailChangeStartedResponse = dataMessageResponse(z.object({ email: z.string() }).strict());

/**
 * WebAuthn options, built by @simplewebauthn/server and handed to the browser as they are: the
 * fields this app relies on are checked, the rest belong to the WebAuthn spec (so not strict).
 */
export const passkeySignInOptionsResponse = dataResponse(
  z.object({ challenge: z.string().min(1), rpId: z.string().optional() }),
);
export const passkeyRegistrationOptionsResponse = dataResponse(
  z.object({
    challenge: z.string().min(1),
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  }),
);
export const passkeysResponse = dataResponse(z.array(passkeySchema));
export const passkeyAddedResponse = dataMessageResponse(passkeySchema);
