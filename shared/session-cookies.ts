// The browser's session lives in cookies the Worker sets (docs/decisions/0073-sessions-in-httponly-cookies.md):
// the two tokens HttpOnly, so no script can read them, and a hint that script may read, which
// holds no secret. Named once here for the Worker, the web app and the browser tests.

/** The access token: every path (the API and the owner's own card), HttpOnly, host-only. */
export const ACCESS_COOKIE = '__Host-cl_access';
/** The refresh token: sent only to the sign-in routes, which alone can use it. */
export const REFRESH_COOKIE = '__Secure-cl_refresh';
export const REFRESH_COOKIE_PATH = '/v1/auth';
/**
 * Readable by script: `<exp>.<tag>`, the access token's expiry in seconds and a tag that changes
 * with every new pair. It tells the app that a session may exist, when to refresh, and whether
 * another tab has refreshed meanwhile; it proves nothing to the server, which never reads it.
 */
export const SESSION_HINT_COOKIE = 'cl_session';
/**
 * A sign-in, registration or refresh sent with `X-Token-Delivery: cookie` gets its tokens only as
 * cookies: the JSON answers `session: 'cookie'` instead of `token` and `refresh_token`.
 */
export const TOKEN_DELIVERY_HEADER = 'X-Token-Delivery';
/** The cookies in which the app itself kept both tokens before, readable by script; moved once. */
export const LEGACY_TOKEN_COOKIES = { access: 'access_token', refresh: 'refresh_token' } as const;
