import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REFRESH_TOKEN_TTL_MS } from '@shared/constants';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  SESSION_HINT_COOKIE,
  TOKEN_DELIVERY_HEADER,
} from '@shared/session-cookies';
import { toBase64Url } from './hashing';
import { accessTokenExpiry } from './tokens';

// The browser's session (docs/decisions/0073-sessions-in-httponly-cookies.md). The tokens are
// HttpOnly, so an injected script can neither read nor send them elsewhere; Secure always
// (browsers treat http://localhost and 127.0.0.1 as secure, so development works too); and
// SameSite, so another site's pages do not send them. The access cookie lives as long as the
// session even though its token lasts 15 minutes: an expired token still tells the card that its
// owner is looking (lib/tokens.ts, tokenOwnerId), and grants nothing.

const SESSION_SECONDS = REFRESH_TOKEN_TTL_MS / 1000;

const ACCESS = { path: '/', httpOnly: true, secure: true, sameSite: 'Lax' } as const;
// Strict: not even a link from another site sends it; the app's own calls always do.
const REFRESH = { path: REFRESH_COOKIE_PATH, httpOnly: true, secure: true, sameSite: 'Strict' } as const;
const HINT = { path: '/', secure: true, sameSite: 'Lax' } as const;

/** The cookies of a new pair: both tokens, and the hint the app reads (`<exp>.<tag>`). */
export function setSessionCookies(c: Context, pair: { token: string; refresh_token: string }) {
  setCookie(c, ACCESS_COOKIE, pair.token, { ...ACCESS, maxAge: SESSION_SECONDS });
  setCookie(c, REFRESH_COOKIE, pair.refresh_token, { ...REFRESH, maxAge: SESSION_SECONDS });
  const tag = toBase64Url(crypto.getRandomValues(new Uint8Array(6)));
  setCookie(c, SESSION_HINT_COOKIE, `${accessTokenExpiry(pair.token)}.${tag}`, { ...HINT, maxAge: SESSION_SECONDS });
}

/** Signed out (or the session is gone): the browser forgets all three. */
export function clearSessionCookies(c: Context) {
  deleteCookie(c, ACCESS_COOKIE, ACCESS);
  deleteCookie(c, REFRESH_COOKIE, REFRESH);
  deleteCookie(c, SESSION_HINT_COOKIE, HINT);
}

/** The access token of the browser's cookie, or null. */
export const accessCookie = (c: Context) => getCookie(c, ACCESS_COOKIE) || null;

/** The refresh token of the browser's cookie (sent to /v1/auth only), or null. */
export const refreshCookie = (c: Context) => getCookie(c, REFRESH_COOKIE) || null;

/** The client asked for its tokens as cookies only (the web app does; API clients do not). */
export const wantsCookiesOnly = (c: Context) => c.req.header(TOKEN_DELIVERY_HEADER)?.trim().toLowerCase() === 'cookie';
