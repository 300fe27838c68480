import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_HINT_COOKIE } from '@shared/session-cookies';
import { accessCookie } from './session-cookies';

// The app's page (web/index.html, what the assets answer for every dashboard address) names the
// session check it is about to make as a preload, for a browser that holds a live session
// (docs/decisions/0107-session-check-in-the-page.md). The phone then asks for the owner's
// profile with the page's scripts, in the first round trip after the HTML, instead of once the
// scripts have run: one round trip less before the dashboard's first screen. The page itself holds
// no data of anyone; only the link differs between a browser with a session and one without.

/** The app's check of the session (web/src/lib/auth.ts, fetchCurrentUser): the card in view's profile. */
export function sessionCheckPath(url: URL): string {
  // As web/src/lib/card-in-view.ts's cardPath sends it: `?card=` names a card other than the primary.
  const card = url.searchParams.get('card');
  return card ? `/v1/cards/${encodeURIComponent(card)}/profile` : '/v1/user/profile';
}

/**
 * A session the app will check at once: the access cookie is there and the hint says its token
 * has not expired (else the app refreshes first, and its check would not match the preload).
 */
function hasLiveSession(c: Context): boolean {
  if (!accessCookie(c)) return false;
  const seconds = Number(getCookie(c, SESSION_HINT_COOKIE)?.split('.')[0]);
  return Number.isFinite(seconds) && seconds * 1000 > Date.now();
}

/** The app's page as the assets answered it, with the session check's preload when it applies. */
export function withSessionPreload(c: Context, answer: Response): Response {
  const isPage = (answer.headers.get('Content-Type') ?? '').startsWith('text/html');
  if (c.req.method !== 'GET' || answer.status !== 200 || !isPage || !hasLiveSession(c)) return answer;
  const href = sessionCheckPath(new URL(c.req.url));
  const headers = new Headers(answer.headers);
  // This copy differs from the file: no validator of the file's, and never kept by a shared cache.
  headers.delete('ETag');
  headers.delete('Last-Modified');
  headers.delete('Content-Length');
  headers.set('Cache-Control', 'private, no-cache');
  headers.append('Vary', 'Cookie');
  // After the stylesheet: a phone asks for six files at a time, in the page's order, and this
  // answer is wanted once the entry's scripts (named before it) have run, before the screen's.
  // `crossorigin`: the app's fetch is a CORS-mode request with its own origin's cookies, as this is.
  const link = `<link rel="preload" href="${href}" as="fetch" crossorigin>`;
  let placed = false;
  return new HTMLRewriter()
    .on('link[rel="stylesheet"]', {
      element: (stylesheet) => {
        if (placed) return;
        placed = true;
        stylesheet.after(link, { html: true });
      },
    })
    .on('head', {
      element: (head) =>
        head.onEndTag((end) => {
          if (!placed) end.before(link, { html: true });
          placed = true;
        }),
    })
    .transform(new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers }));
}
