import type { Context } from 'hono';
import { ACCOUNT_TOKEN_REQUESTS_PER_MINUTE, TOKEN_REQUESTS_PER_MINUTE } from '@shared/schemas/tokens';
import { scopeOfRoute } from '@shared/token-scopes';
import type { AppEnv, TokenGrant } from '../env';
import { forbidden, tooMany, unauthorized } from '../lib/errors';
import { holdMessage } from '../services/account-standing';
import { checkApiToken, dayOf, noteTokenUse } from '../services/api-tokens';
import { reserveAttempts } from '../services/attempts';
import { countryOf } from '../services/events/request-facts';
import { routeKeyOf } from './request-log';

const MINUTE_MS = 60_000;

export const TOKEN_REFUSED_HERE = 'API tokens cannot be used here. Sign in to the dashboard instead.';
export const TOKEN_NOT_FOR_CARD = 'This token may not act on this card';
export const TOKEN_RATE_LIMITED = 'Too many requests with this token or account. Please slow down.';
export const missingScope = (scope: string) => `This token lacks the scope ${scope}`;

/**
 * A request made with a personal access token (docs/decisions/0097-personal-access-tokens.md),
 * in this order: the token must be known, unexpired and its account active (else 401); the
 * request is counted against the token's and the account's bounds, whose state every answer
 * then carries in its RateLimit fields (a 429 past either); the route must be one tokens may
 * call at all (shared/token-scopes.ts; else 403) and the token must hold its scope (else 403
 * naming it). Which card it may act on is checked where the card is chosen (middleware/card.ts).
 */
export async function authenticateToken(c: Context<AppEnv>, secret: string, now = Date.now()) {
  const grant = await admitToken(c, secret, now);
  const route = routeKeyOf(c);
  const scope = route ? scopeOfRoute(route.replace(/^HEAD /, 'GET ')) : undefined;
  if (!scope) throw forbidden(TOKEN_REFUSED_HERE);
  if (!grant.scopes.includes(scope)) throw forbidden(missingScope(scope));
  c.set('apiToken', grant);
  c.set('userId', grant.userId);
  c.set('sessionId', null);
}

/**
 * The token's own checks, whatever it asks for: known, unexpired, its account active (else 401),
 * and counted against its bounds (else 429). `/mcp` stops here and checks a scope per tool
 * (docs/decisions/0099-mcp-server.md); the /v1 routes go on to their route's scope.
 */
export async function admitToken(c: Context<AppEnv>, secret: string, now = Date.now()): Promise<TokenGrant> {
  const db = c.var.db;
  const grant = await checkApiToken(db, secret, now);
  if ('refused' in grant) {
    throw unauthorized(grant.refused === 'invalid' ? 'Invalid or expired token' : holdMessage(grant.refused));
  }
  const counted = await reserveAttempts(
    db,
    [
      { kind: 'api_token', subject: grant.tokenId, windowMs: MINUTE_MS, max: TOKEN_REQUESTS_PER_MINUTE },
      { kind: 'api_account', subject: grant.userId, windowMs: MINUTE_MS, max: ACCOUNT_TOKEN_REQUESTS_PER_MINUTE },
    ],
    now,
  );
  if (counted === null) throw tooMany(TOKEN_RATE_LIMITED);
  // Coarse on purpose, and so written at most once a day per token: never a D1 write per request.
  if (grant.lastUsedOn !== dayOf(now)) await noteTokenUse(db, grant.tokenId, countryOf(c.req.raw), now);
  const { lastUsedOn: _day, ...kept } = grant;
  return kept;
}
