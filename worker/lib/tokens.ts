import jwt from '@tsndr/cloudflare-worker-jwt';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../shared/constants';

type AccessClaims = { sub: string; typ: 'access'; iat: number; exp: number; auth_ms: number };

/**
 * Short-lived HS256 access token. `auth_ms` (issue time in ms) lets "log out of all devices"
 * and a password reset refuse tokens issued before them, to the millisecond.
 */
export async function signAccessToken(userId: string, secret: string, nowMs = Date.now()): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const claims: AccessClaims = { sub: userId, typ: 'access', iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS, auth_ms: nowMs };
  return jwt.sign(claims, secret, { algorithm: 'HS256' });
}

/** The verified claims, or null for anything expired, tampered, of another algorithm or type. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  try {
    // The algorithm is pinned; `undefined` (not only a throw) means the token did not verify.
    const result = await jwt.verify<AccessClaims>(token, secret, { algorithm: 'HS256', throwError: false });
    const claims = result?.payload;
    if (!claims || claims.typ !== 'access' || typeof claims.sub !== 'string') return null;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return null;
    return claims;
  } catch {
    return null;
  }
}
