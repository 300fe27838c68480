import { SESSION_HINT_COOKIE } from '@shared/session-cookies';

// The browser's session as the Worker leaves it (worker/lib/session-cookies.ts). The two tokens
// are HttpOnly cookies that no script of the app can read, so they live here, where the handlers
// check them as the Worker checks what the browser sends; the hint, which the app does read, is
// a real cookie in document.cookie. A handler that signs in or refreshes calls `holdSession`, one
// that signs out `dropSession`, as the Worker's Set-Cookie headers would.

type Pair = { access: string; refresh: string };
let pair: Pair | null = null;
let tags = 0;

/**
 * The browser holds a session: the two cookies, and the hint with the access token's expiry
 * (`expiresIn` seconds from now; negative: already expired) and a tag that is new with each pair.
 */
export function holdSession(access = 'access-1', refresh = 'refresh-1', { expiresIn = 900 } = {}) {
  pair = { access, refresh };
  document.cookie = `${SESSION_HINT_COOKIE}=${Math.floor(Date.now() / 1000) + expiresIn}.tag${++tags}; Path=/`;
}

/** Logout, a refused refresh, a deleted account: the Worker clears all three. */
export function dropSession() {
  pair = null;
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`;
}

/** The access cookie the browser sends with a request now, or null. */
export const accessCookie = () => pair?.access ?? null;
/** The refresh cookie the browser sends to /v1/auth now, or null. */
export const refreshCookie = () => pair?.refresh ?? null;

/** Between tests: no session (setup.ts empties document.cookie). */
export const forgetBrowserSession = () => {
  pair = null;
};
