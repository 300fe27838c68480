import jwt from '@tsndr/cloudflare-worker-jwt';
import { ACCESS_TOKEN_TTL_SECONDS } from '@shared/constants';

/** `sid`: the session (refresh-token family) the token belongs to, so ending it stops the token at once. */
type AccessClaims = { sub: string; typ: 'access'; iat: number; exp: number; auth_ms: number; sid?: string };

/** How long after issue an expired access token still tells who the card's owner is. */
export const OWNER_RECOGNITION_SECONDS = 30 * 24 * 60 * 60;

/**
 * Short-lived HS256 access token. `auth_ms` (issue time in ms) lets "log out of all devices"
 * and a password reset refuse tokens issued before them, to the millisecond.
 */
export async function signAccessToken(
  userId: string,
  secret: string,
  nowMs = Date.now(),
  sessionId?: string,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const claims: AccessClaims = { sub: userId, typ: 'access', iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS, auth_ms: nowMs };
  if (sessionId) claims.sid = sessionId;
  return jwt.sign(claims, secret, { algorithm: 'HS256' });
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Claims whose signature verifies with the pinned algorithm and that have every claim we
 * sign, else null. A token without `auth_ms` would slip past the revocation check, so it is
 * refused like a forged one. `toleranceSeconds` lets an expired token through (the caller
 * then decides how old it may be). Never throws, whatever the input.
 */
async function signedClaims(token: unknown, secret: string, toleranceSeconds = 0): Promise<AccessClaims | null> {
  if (typeof token !== 'string' || token.length === 0) return null;
  try {
    // The algorithm is pinned; `undefined` (not only a throw) means the token did not verify.
    const result = await jwt.verify<Partial<AccessClaims>>(token, secret, {
      algorithm: 'HS256',
      throwError: false,
      clockTolerance: toleranceSeconds,
    });
    const claims = result?.payload;
    if (!claims || claims.typ !== 'access' || typeof claims.sub !== 'string' || claims.sub === '') return null;
    if (!isTime(claims.iat) || !isTime(claims.exp) || !isTime(claims.auth_ms)) return null;
    if (claims.sid !== undefined && typeof claims.sid !== 'string') return null;
    return claims as AccessClaims;
  } catch {
    return null;
  }
}

/** The verified claims, or null for anything expired, tampered, incomplete, of another algorithm or type. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  const claims = await signedClaims(token, secret);
  return claims && claims.exp * 1000 > Date.now() ? claims : null;
}

/**
 * Who an access token was issued to, for not counting the owner's own views: the signature
 * and type are checked as always, but a token that expired is still accepted while it was
 * issued within the last 30 days (the dashboard's cookie outlives the 15-minute token, and an
 * owner idle for a while is still the owner). It grants nothing and reads no database, so
 * revocation is not checked. Null for anything else, including garbage; never throws.
 */
export async function tokenOwnerId(token: string | null | undefined, secret: string): Promise<string | null> {
  const claims = await signedClaims(token, secret, OWNER_RECOGNITION_SECONDS);
  if (!claims) return null;
  const age = Date.now() / 1000 - claims.iat;
  // A little slack for clocks, none for a token claiming to come from the future.
  return age >= -60 && age <= OWNER_RECOGNITION_SECONDS ? claims.sub : null;
}

/** The expiry (seconds) of an access token this Worker has just signed; 0 for anything unreadable. */
export function accessTokenExpiry(token: string): number {
  try {
    const exp = jwt.decode<Partial<AccessClaims>>(token).payload?.exp;
    return isTime(exp) ? exp : 0;
  } catch {
    return 0;
  }
}
