// Cross-site request forgery (OWASP's CSRF cheat sheet: Fetch Metadata, then the Origin header).
// A browser attaches the session cookies to a request wherever it comes from, within the limits
// of SameSite; a request that the cookie authenticates may change something only when this
// origin's own pages sent it. Bearer tokens need no such check: no browser adds them by itself.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_REFUSED = 'This request came from another site and was refused.';

export const isSafeMethod = (method: string) => SAFE_METHODS.has(method.toUpperCase());

/**
 * Whether this origin's own pages sent the request: `Sec-Fetch-Site: same-origin`, which every
 * current browser sends and no script can set or remove; a browser without Fetch Metadata must
 * send an `Origin` equal to this one. A request with neither is refused: a browser that sends
 * neither on a write is not one the app supports, and other clients use the bearer header.
 */
export function sentByOwnPages(request: Request): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null) return site === 'same-origin';
  const origin = request.headers.get('Origin');
  return origin !== null && origin === new URL(request.url).origin;
}
