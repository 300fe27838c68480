import type { Bindings } from '../../env';
import { secret } from '../../lib/config';
import { tokenOwnerId } from '../../lib/tokens';
import { bearerToken } from '../../lib/bearer';
import { ACCESS_COOKIE } from '@shared/session-cookies';
import { decodeComponent } from '@shared/uri';

/**
 * The one place that decides whose access token a viewer holds, for not counting the owner's
 * own views and clicks. It only decides whether an event counts, so it grants nothing: a
 * genuine token that expired (access tokens live 15 minutes) still names its owner for 30
 * days, so an owner who left the dashboard idle and opens their own card is not a visitor.
 */
export async function viewerOfToken(token: string, env: Bindings): Promise<string | null> {
  let jwtSecret: string;
  try {
    jwtSecret = secret(env, 'JWT_SECRET');
  } catch {
    // A deployment without its secret still serves cards; it just cannot tell the owner apart.
    return null;
  }
  return tokenOwnerId(token, jwtSecret);
}

const ACCESS_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${ACCESS_COOKIE}=([^;]+)`);

/**
 * The browser's HttpOnly access cookie (lib/session-cookies.ts: path /, so the card's page and
 * the card's own calls get it too); null when absent or malformed.
 */
export function cookieToken(request: Request): string | null {
  const raw = ACCESS_COOKIE_VALUE.exec(request.headers.get('Cookie') ?? '')?.[1];
  // Not percent-encoding we wrote (e.g. `%E0%A4%A`): no token, an anonymous visitor.
  return raw ? decodeComponent(raw) : null;
}

/**
 * The viewer's user id from a bearer token or, for the server-rendered card and the card's
 * own API calls, the browser's access cookie; null for anyone else.
 */
export async function viewerIdOf(request: Request, env: Bindings): Promise<string | null> {
  for (const token of [bearerToken(request.headers.get('Authorization') ?? undefined), cookieToken(request)]) {
    const viewer = token ? await viewerOfToken(token, env) : null;
    if (viewer) return viewer;
  }
  return null;
}
