import {
  cookieSignedInResponse,
  cookieTokensResponse,
  forgotPasswordBody,
  loginBody,
  logoutBody,
  otpVerifiedResponse,
  pendingRegistrationResponse,
  refreshBody,
  registerBody,
  resetPasswordBody,
  secondFactorRequiredResponse,
  signedInResponse,
  tokensResponse,
  usernameAvailabilityResponse,
  usernameQuery,
  verifyOtpBody,
} from '../schemas/auth';
import { messageResponse } from '../schemas/responses';
import {
  passkeySignInBody,
  passkeySignInOptionsQuery,
  passkeySignInOptionsResponse,
  secondFactorBody,
} from '../schemas/security';
import type { Resource } from './types';

const PENDING = 'The account waits for an operator to activate it, or was deactivated.';
const CROSS_SITE =
  "The refresh token came as a cookie in a request that this origin's own pages did not send " +
  '(`Sec-Fetch-Site` other than same-origin, or without it an `Origin` of another site).';
const COOKIES =
  "Every answer with tokens also sets them as the browser's session cookies (see the introduction); " +
  'sent with `X-Token-Delivery: cookie`, the JSON carries `session: "cookie"` instead of `token` and `refresh_token`.';

export const authResource: Resource = {
  name: 'Sign-in',
  description:
    'Registration, sign-in (password, second factor, passkey), token refresh, sign-out and the ' +
    'forgotten-password flow. A sign-in answers a short-lived access token (`token`, sent as ' +
    '`Authorization: Bearer`) and a refresh token that POST /v1/auth/refresh exchanges for a new pair. ' +
    'A browser gets both as HttpOnly cookies instead, which the API accepts in place of the bearer header.',
  routes: [
    {
      method: 'POST',
      path: '/v1/auth/register',
      summary: 'Create an account',
      description:
        'Signed in at once (201), or, when the operator requires activation, a pending account without tokens (202). ' +
        COOKIES,
      access: 'public',
      body: {
        type: 'json',
        schema: registerBody,
        example: { name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com', password: 'Lantern42Orbit!' },
      },
      answers: { 201: [signedInResponse, cookieSignedInResponse], 202: pendingRegistrationResponse },
      errors: {
        422: 'Also: the e-mail address or username is taken, or the password is too common.',
        429: 'Too many sign-ups from this network in the last hour.',
      },
    },
    {
      method: 'GET',
      path: '/v1/auth/username',
      summary: 'Whether a username is free',
      description:
        'For the registration form as the person types: a valid username (trimmed, lower-cased) ' +
        'answers whether it can still be taken, and the address its card would have. One that breaks ' +
        'the rules, or is reserved, is a 422 with the same message as registering would give.',
      access: 'public',
      query: usernameQuery,
      answers: { 200: usernameAvailabilityResponse },
    },
    {
      method: 'POST',
      path: '/v1/auth/login',
      summary: 'Sign in with e-mail and password',
      description:
        'Answers the tokens, or, when a second factor is on, `mfa_required` with an `mfa_token` for ' +
        'POST /v1/auth/login/second-factor. Every sign-in that answers tokens also sets the HttpOnly ' +
        'device cookie `cl_device_<id>` (Path=/v1/auth): sent back by the same browser, it makes the ' +
        'browser a known device of the account, with bounds of its own. ' +
        COOKIES,
      access: 'public',
      body: { type: 'json', schema: loginBody, example: { email: 'ada@example.com', password: 'Lantern42Orbit!' } },
      answers: { 200: [signedInResponse, cookieSignedInResponse, secondFactorRequiredResponse] },
      errors: {
        401: 'Wrong e-mail address or password ("Invalid email or password").',
        403: PENDING,
        429:
          'Too many failed sign-ins from this client (an IPv4 address or an IPv6 /64: 10 for this account, ' +
          '30 in all, per 15 minutes), from this known device (10 per 15 minutes), or for this account from ' +
          'devices that never signed in to it (20 an hour; then a known device, a passkey or a password reset).',
      },
    },
    {
      method: 'POST',
      path: '/v1/auth/login/second-factor',
      summary: 'Finish a sign-in with the authenticator code or a recovery code',
      access: 'public',
      description: COOKIES,
      body: { type: 'json', schema: secondFactorBody, example: { mfa_token: 'mfa_token from /login', code: '123456' } },
      answers: { 200: [signedInResponse, cookieSignedInResponse] },
      errors: {
        401: 'The `mfa_token` is unknown, used or expired (5 minutes): sign in again.',
        403: PENDING,
        422: 'Also: the code is wrong.',
        429:
          'Too many wrong codes from this client (10 per 15 minutes), from this known device (10), or for this ' +
          'account from devices that never signed in to it (20 per 15 minutes, 40 a day).',
      },
    },
    {
      method: 'POST',
      path: '/v1/auth/refresh',
      summary: 'Exchange a refresh token for a new pair',
      description:
        'The refresh token is used up: the answer carries its successor. A browser sends none in the ' +
        'body: its `__Secure-cl_refresh` cookie is used, and the new pair goes back only as cookies ' +
        '(`session: "cookie"`), so no script in the page can read it; a 401 then also clears the cookies. ' +
        COOKIES,
      access: 'public',
      body: { type: 'json', schema: refreshBody, example: { refresh_token: 'refresh token' } },
      answers: { 200: [tokensResponse, cookieTokensResponse] },
      errors: {
        401: 'The refresh token is unknown, revoked or expired, or the account is no longer active.',
        403: CROSS_SITE,
        422: 'Also: no refresh token, neither in the body nor as the cookie ("Refresh token is required").',
      },
    },
    {
      method: 'POST',
      path: '/v1/auth/logout',
      summary: 'Sign out this session, or every session',
      description:
        "The refresh token (in the body, else the browser's `__Secure-cl_refresh` cookie) names the " +
        'session to end. With `all_devices: true` every session of the account ends; the account is then ' +
        'named by the refresh token or, without one, by the bearer token or the access cookie. Every ' +
        "answer clears the browser's session cookies.",
      access: 'public',
      body: { type: 'json', schema: logoutBody, example: { refresh_token: 'refresh token', all_devices: false } },
      answers: { 200: messageResponse },
      errors: {
        401: 'The refresh token is unknown or revoked, or nothing names the account.',
        403: CROSS_SITE,
        422: 'Also: no refresh token and not `all_devices` ("Refresh token is required").',
      },
    },
    {
      method: 'POST',
      path: '/v1/auth/forgot-password',
      summary: 'Mail a 6-digit code to reset the password',
      description: 'The same answer whether or not an account has this address.',
      access: 'public',
      body: { type: 'json', schema: forgotPasswordBody, example: { email: 'ada@example.com' } },
      answers: { 200: messageResponse },
      errors: { 429: 'Too many codes asked for this address or from this network in the last hour.' },
    },
    {
      method: 'POST',
      path: '/v1/auth/verify-otp',
      summary: 'Check the mailed code; answers the token that resets the password',
      access: 'public',
      body: { type: 'json', schema: verifyOtpBody, example: { email: 'ada@example.com', otp: '123456' } },
      answers: { 200: otpVerifiedResponse },
      errors: {
        422: 'Also: the code is wrong or expired ("Invalid or expired verification code").',
        429: 'Too many wrong codes: ask for a new one.',
      },
    },
    {
      method: 'POST',
      path: '/v1/auth/reset-password',
      summary: 'Set a new password with the token from verify-otp',
      description: 'Every session of the account ends.',
      access: 'public',
      body: {
        type: 'json',
        schema: resetPasswordBody,
        example: {
          email: 'ada@example.com',
          token: 'token from /verify-otp',
          password: 'Lantern42Orbit!',
          password_confirmation: 'Lantern42Orbit!',
        },
      },
      answers: { 200: messageResponse },
      errors: { 422: 'Also: the token is wrong or expired (15 minutes), or the password is too common.' },
    },
    {
      method: 'POST',
      path: '/v1/auth/passkey/options',
      summary: 'Start a passkey sign-in: the WebAuthn options',
      description:
        'No body is read. Hand `data` to the browser (navigator.credentials.get). With ' +
        "`mediation=conditional`, the options are for passkeys offered among the sign-in field's " +
        'suggestions (mediation: conditional), counted apart from the others.',
      access: 'public',
      query: passkeySignInOptionsQuery,
      answers: { 200: passkeySignInOptionsResponse },
      errors: {
        422: 'Also: `mediation` is given and is not `conditional`.',
        429: 'This client started 30 ceremonies (or, with `mediation=conditional`, 60 offers) in 15 minutes.',
      },
    },
    {
      method: 'POST',
      path: '/v1/auth/passkey/verify',
      summary: "Finish a passkey sign-in with the browser's answer",
      description: 'A passkey stands for both the password and the second factor. ' + COOKIES,
      access: 'public',
      body: { type: 'json', schema: passkeySignInBody },
      answers: { 200: [signedInResponse, cookieSignedInResponse] },
      errors: {
        401: 'The passkey is unknown or its answer does not verify.',
        403: PENDING,
        429: 'Too many failed passkey sign-ins from this client (15 minutes).',
      },
    },
  ],
};
