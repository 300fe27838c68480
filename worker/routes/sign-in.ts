import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type {
  cookieSignedInResponse,
  cookieTokensResponse,
  secondFactorRequiredResponse,
  signedInResponse,
  tokensResponse,
} from '@shared/schemas/auth';
import type { Answer } from '@shared/schemas/responses';
import type { AppEnv } from '../env';
import { secret } from '../lib/config';
import { DEVICE_COOKIE_MAX_AGE, deviceCookieName, knownDevice, newDeviceCookie } from '../lib/device-cookies';
import { setSessionCookies, wantsCookiesOnly } from '../lib/session-cookies';
import { countryOf } from '../services/events/request-facts';
import { secondFactorMethods, startSecondFactor } from '../services/second-factor';
import { issueSession, type SessionOrigin, type TokenPair } from '../services/sessions';
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

type Delivered =
  Pick<Answer<typeof tokensResponse>, 'token' | 'refresh_token'> | Pick<Answer<typeof cookieTokensResponse>, 'session'>;

/**
 * A new pair, delivered (docs/decisions/0073-sessions-in-httponly-cookies.md): always as the
 * browser's HttpOnly cookies, and in the JSON too unless the client asked for cookies only or
 * presented its refresh token as a cookie, so that no script ever reads a token of a browser's
 * session. API clients, which send no cookies, keep reading `token` and `refresh_token`.
 */
export function deliverTokens(c: C, pair: TokenPair, cookiesOnly = wantsCookiesOnly(c)): Delivered {
  setSessionCookies(c, pair);
  return cookiesOnly ? { session: 'cookie' } : pair;
}

/**
 * The auth answer: the tokens (deliverTokens) and the user (docs/product.md §3). The browser also
 * becomes a known device of the account: an HttpOnly cookie that only the sign-in routes receive.
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
  const body = { success: true as const, message, ...deliverTokens(c, tokens), user };
  return c.json(body satisfies Answer<typeof signedInResponse> | Answer<typeof cookieSignedInResponse>, status);
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
