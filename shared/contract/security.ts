import { userResponse } from '../schemas/user';
import { messageResponse } from '../schemas/responses';
import {
  emailChangeBody,
  emailChangeStartedResponse,
  emailConfirmBody,
  passkeyAddedResponse,
  passkeyRegisterBody,
  passkeyRegistrationOptionsResponse,
  passkeysResponse,
  passwordChangeBody,
  reauthBody,
  recoveryCodesResponse,
  securityOverviewResponse,
  totpConfirmBody,
  totpSetupResponse,
} from '../schemas/security';
import { otherSessionsEndedResponse, sessionsResponse } from '../schemas/sessions';
import type { Resource } from './types';

const WRONG_PROOF = 'Also: the current password or the authenticator code is wrong.';
const TOO_MANY_PROOFS = 'Too many wrong passwords or codes for this account (15 minutes).';
const REAUTH_EXAMPLE = { current_password: 'Lantern42Orbit!' };

export const securityResource: Resource = {
  name: 'Security',
  description:
    'Second factors (authenticator app, recovery codes, passkeys), the password, the e-mail address ' +
    'and the signed-in sessions. Every change asks again who is at the keyboard: `current_password`, ' +
    'or a fresh authenticator `code`.',
  routes: [
    {
      method: 'GET',
      path: '/v1/user/security',
      summary: 'What protects the account',
      access: 'user',
      answers: { 200: securityOverviewResponse },
    },
    {
      method: 'POST',
      path: '/v1/user/security/totp/setup',
      summary: 'Start turning on the authenticator app: a new secret',
      access: 'user',
      body: { type: 'json', schema: reauthBody, example: REAUTH_EXAMPLE },
      answers: { 200: totpSetupResponse },
      errors: { 409: 'Two-factor sign-in is already on.', 422: WRONG_PROOF, 429: TOO_MANY_PROOFS },
    },
    {
      method: 'POST',
      path: '/v1/user/security/totp/enable',
      summary: 'Confirm the authenticator app with its first code; answers the recovery codes',
      description: 'The recovery codes are shown this once.',
      access: 'user',
      body: { type: 'json', schema: totpConfirmBody, example: { code: '123456' } },
      answers: { 200: recoveryCodesResponse },
      errors: {
        409: 'No setup was started, or the factor is already on.',
        422: 'Also: the code is wrong.',
        429: '10 wrong codes in 15 minutes.',
      },
    },
    {
      method: 'POST',
      path: '/v1/user/security/totp/disable',
      summary: 'Turn the authenticator app off',
      access: 'user',
      body: { type: 'json', schema: reauthBody, example: REAUTH_EXAMPLE },
      answers: { 200: messageResponse },
      errors: { 422: WRONG_PROOF, 429: TOO_MANY_PROOFS },
    },
    {
      method: 'POST',
      path: '/v1/user/security/recovery-codes',
      summary: 'Replace the recovery codes',
      access: 'user',
      body: { type: 'json', schema: reauthBody, example: REAUTH_EXAMPLE },
      answers: { 200: recoveryCodesResponse },
      errors: { 409: 'Two-factor sign-in is off.', 422: WRONG_PROOF, 429: TOO_MANY_PROOFS },
    },
    {
      method: 'POST',
      path: '/v1/user/security/password',
      summary: 'Change the password',
      description: 'Every other session ends.',
      access: 'user',
      body: {
        type: 'json',
        schema: passwordChangeBody,
        example: {
          current_password: 'Lantern42Orbit!',
          password: 'harbour-17-meadow',
          password_confirmation: 'harbour-17-meadow',
        },
      },
      answers: { 200: messageResponse },
      errors: { 422: `${WRONG_PROOF} Or the new password is too common.`, 429: TOO_MANY_PROOFS },
    },
    {
      method: 'POST',
      path: '/v1/user/security/email',
      summary: 'Start changing the e-mail address: a code goes to the new one',
      access: 'user',
      body: {
        type: 'json',
        schema: emailChangeBody,
        example: { current_password: 'Lantern42Orbit!', email: 'ada@new.example.com' },
      },
      answers: { 202: emailChangeStartedResponse },
      errors: {
        422: `${WRONG_PROOF} Or it is already the account's address.`,
        429: `${TOO_MANY_PROOFS} Or a code was sent less than 2 minutes ago.`,
      },
    },
    {
      method: 'POST',
      path: '/v1/user/security/email/confirm',
      summary: 'Finish changing the e-mail address with the code it received',
      access: 'user',
      body: { type: 'json', schema: emailConfirmBody, example: { code: '123456' } },
      answers: { 200: userResponse },
      errors: {
        422: 'Also: the code is wrong or expired, or the address was taken meanwhile.',
        429: 'Too many wrong codes: ask for a new one.',
      },
    },
    {
      method: 'GET',
      path: '/v1/user/security/passkeys',
      summary: "The account's passkeys",
      access: 'user',
      answers: { 200: passkeysResponse },
    },
    {
      method: 'POST',
      path: '/v1/user/security/passkeys/options',
      summary: 'Start adding a passkey: the WebAuthn options',
      description: 'Hand `data` to the browser (navigator.credentials.create).',
      access: 'user',
      body: { type: 'json', schema: reauthBody, example: REAUTH_EXAMPLE },
      answers: { 200: passkeyRegistrationOptionsResponse },
      errors: {
        422: WRONG_PROOF,
        429:
          'Too many wrong passwords or codes for this account (15 minutes), or 30 passkey registrations ' +
          'started by this account in 15 minutes.',
      },
    },
    {
      method: 'POST',
      path: '/v1/user/security/passkeys',
      summary: "Add a passkey with the browser's answer",
      access: 'user',
      body: { type: 'json', schema: passkeyRegisterBody },
      answers: { 201: passkeyAddedResponse },
      errors: {
        409: 'This passkey is already registered.',
        422: 'Also: the answer does not verify, or the account has 20 passkeys.',
      },
    },
    {
      method: 'DELETE',
      path: '/v1/user/security/passkeys/:id',
      summary: 'Remove a passkey',
      access: 'user',
      body: { type: 'json', schema: reauthBody, example: REAUTH_EXAMPLE },
      answers: { 200: messageResponse },
      errors: { 404: 'No passkey of yours has this id.', 422: WRONG_PROOF, 429: TOO_MANY_PROOFS },
    },
    {
      method: 'GET',
      path: '/v1/user/sessions',
      summary: "The signed-in sessions; the caller's own is marked `current`",
      access: 'user',
      answers: { 200: sessionsResponse },
    },
    {
      method: 'DELETE',
      path: '/v1/user/sessions',
      summary: "End every session but the caller's",
      access: 'user',
      answers: { 200: otherSessionsEndedResponse },
    },
    {
      method: 'DELETE',
      path: '/v1/user/sessions/:id',
      summary: 'End one session: its refresh token at once, its access token with it',
      access: 'user',
      answers: { 200: messageResponse },
      errors: { 404: 'No session of yours has this id.' },
    },
  ],
};
