// Personal access tokens' constants, without zod, so the Settings screen can use them without
// loading a schema library (docs/decisions/0097-personal-access-tokens.md); the schemas are in
// shared/schemas/tokens.ts, which re-exports these.

/** What a token may do; a route that needs none of these is refused to every token. */
export const TOKEN_SCOPES = [
  'cards:read',
  'cards:write',
  'links:read',
  'links:write',
  'stats:read',
  'contacts:read',
  'contacts:write',
  'webhooks:write',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The secret's fixed start, which secret scanners match (docs/security.md). */
export const TOKEN_PREFIX = 'cl_pat_';
/** Days a new token lasts; null: until revoked. */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export const TOKEN_NAME_MAX = 60;
/** Tokens an account may hold at once. */
export const TOKENS_PER_ACCOUNT = 20;

/**
 * The bounds on what tokens ask of the API (docs/api.md, Limits): each token on its own, and
 * every token of one account together, per minute.
 */
export const TOKEN_REQUESTS_PER_MINUTE = 60;
export const ACCOUNT_TOKEN_REQUESTS_PER_MINUTE = 120;
