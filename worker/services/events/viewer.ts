import type { Bindings } from '../../env';
import { bearerToken, optionalUserId } from '../../middleware/auth';

/**
 * The one place that decides whose access token a viewer holds, for not counting the owner's
 * own views and clicks. It only decides whether an event counts, so it grants nothing; every
 * token the events code looks at (header or cookie) goes through here. Today a token must
 * still be valid (15 minutes), so an owner idle longer counts as a visitor.
 */
export const viewerOfToken = (token: string, env: Bindings): Promise<string | null> =>
  optionalUserId(`Bearer ${token}`, env);

/** The `access_token` cookie the dashboard keeps (path /, same site); null when absent or malformed. */
function cookieToken(request: Request): string | null {
  const raw = /(?:^|;\s*)access_token=([^;]+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    // Not percent-encoding we wrote (e.g. `%E0%A4%A`): no token, an anonymous visitor.
    return null;
  }
}

/**
 * The viewer's user id from a bearer token or, for the server-rendered card and the card's
 * own API calls, the dashboard's `access_token` cookie; null for anyone else.
 */
export async function viewerIdOf(request: Request, env: Bindings): Promise<string | null> {
  for (const token of [bearerToken(request.headers.get('Authorization') ?? undefined), cookieToken(request)]) {
    const viewer = token ? await viewerOfToken(token, env) : null;
    if (viewer) return viewer;
  }
  return null;
}
