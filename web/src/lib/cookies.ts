// The session is in cookies the Worker sets HttpOnly (docs/decisions/0073-sessions-in-httponly-cookies.md):
// the app never holds a token. It reads the hint the Worker sets beside them, which holds no
// secret, and moves a session that an earlier version kept in script-readable cookies, once.
import { LEGACY_TOKEN_COOKIES, SESSION_HINT_COOKIE } from '@shared/session-cookies';
import { decodeComponent } from '@shared/uri';

export function getCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    // Not an encoding we wrote (e.g. a stray `%`): treated as absent rather than breaking startup.
    if (part.startsWith(prefix)) return decodeComponent(part.slice(prefix.length));
  }
  return null;
}

export function removeCookie(name: string) {
  // Expires in the past as well as Max-Age=0: some engines keep a Max-Age=0 cookie until the clock ticks.
  document.cookie = `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

/** `cl_session` as the Worker set it with the last pair: its raw value and the access token's expiry. */
export type SessionHint = { value: string; expiresAt: number };

/** The hint of the current session, or null when this browser has none (or a value we did not write). */
export function readSessionHint(): SessionHint | null {
  const value = getCookie(SESSION_HINT_COOKIE);
  const seconds = Number(value?.split('.')[0]);
  return value && Number.isFinite(seconds) && seconds > 0 ? { value, expiresAt: seconds * 1000 } : null;
}

/** docs/product.md §4: the access token is refreshed before use once its expiry has passed. */
export const isHintExpired = (hint: SessionHint, nowMs = Date.now()) => hint.expiresAt <= nowMs;

/** The refresh token an earlier version of the app kept in a script-readable cookie, if any. */
export const legacyRefreshToken = () => getCookie(LEGACY_TOKEN_COOKIES.refresh);

export const hasLegacyTokens = () => legacyRefreshToken() !== null || getCookie(LEGACY_TOKEN_COOKIES.access) !== null;

export function removeLegacyTokens() {
  removeCookie(LEGACY_TOKEN_COOKIES.access);
  removeCookie(LEGACY_TOKEN_COOKIES.refresh);
}

/** Whether this browser may hold a session: the hint, or tokens of before still to move. */
export const mayHaveSession = () => readSessionHint() !== null || hasLegacyTokens();

/**
 * Forgets the session on this side: the hint (and any tokens of before). The HttpOnly cookies are
 * the Worker's to clear, which logout and a refused refresh do.
 */
export function forgetSession() {
  removeCookie(SESSION_HINT_COOKIE);
  removeLegacyTokens();
}
