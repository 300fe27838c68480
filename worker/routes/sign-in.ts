import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { secondFactorRequiredResponse, signedInResponse } from '@shared/schemas/auth';
import type { Answer } from '@shared/schemas/responses';
import type { AppEnv } from '../env';
import { secret } from '../lib/config';
import { DEVICE_COOKIE_MAX_AGE, deviceCookieName, knownDevice, newDeviceCookie } from '../lib/device-cookies';
import { countryOf } from '../services/events/request-facts';
import { secondFactorMethods, startSecondFactor } from '../services/second-factor';
import { issueSession, type SessionOrigin } from '../services/sessions';
import { describeAgent } from '../services/user-agent';
import { getUserView } from '../services/users';

type C = Context<AppEnv>;

/** Where a sign-in comes from, as the Security section lists it: a coarse device and the country. */
export const sessionOrigin = (c: C): SessionOrigin => ({
  ...describeAgent(c.req.header('User-Agent')),
  country: countryOf(c.req.raw),
});

/** The device this request's cookies prove for an account, if any (lib/device-cookies.ts). */
export const deviceOf = (c: C) => (userId: string | undefined) =>
  knownDevice(secret(c.env, 'JWT_SECRET'), getCookie(c), userId);

/**
 * The auth answer: both tokens and the user (docs/product.md §3). The browser also becomes a
 * known device of the account: an HttpOnly cookie that only the sign-in routes receive.
 */
export async function signedIn(c: C, userId: string, message: string, status: 200 | 201 = 200, secondFactor = false) {
  const db = c.var.db;
  setCookie(c, deviceCookieName(userId), await newDeviceCookie(secret(c.env, 'JWT_SECRET'), userId), {
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: '/v1/auth',
    maxAge: DEVICE_COOKIE_MAX_AGE,
  });
  const origin = { ...sessionOrigin(c), secondFactor };
  const tokens = await issueSession(db, userId, secret(c.env, 'JWT_SECRET'), origin);
  const user = await getUserView(db, new URL(c.req.url).origin, userId, c.env);
  return c.json({ success: true, message, ...tokens, user } satisfies Answer<typeof signedInResponse>, status);
}

/**
 * After a right password: the tokens, or, when a second factor is on, no tokens yet but a
 * short-lived token with which POST /v1/auth/login/second-factor finishes the sign-in.
 */
export async function afterPassword(c: C, userId: string) {
  const methods = await secondFactorMethods(c.var.db, userId);
  if (methods.length === 0) return signedIn(c, userId, 'Login successful');
  const mfaToken = await startSecondFactor(c.var.db, userId);
  return c.json({
    success: true,
    message: 'Enter the 6-digit code from your authenticator app.',
    mfa_required: true,
    mfa_token: mfaToken,
    mfa_methods: methods,
  } satisfies Answer<typeof secondFactorRequiredResponse>);
}
