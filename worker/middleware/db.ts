import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { createDb } from '../db/client';
import type { AppEnv } from '../env';

export { createDb };

/** The owner's last write, as a D1 bookmark, for the browser: the dashboard and the card read with it. */
export const BOOKMARK_COOKIE = 'd1_bookmark';
/**
 * The same for API clients (Cloudflare's own convention for the Sessions API): every `/v1` answer
 * that touched the database carries the session's latest bookmark, and a request that sends it
 * back reads from a replica at least that fresh.
 */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const BOOKMARK_SECONDS = 10 * 60;

const valid = (value: string | undefined) => (value && BOOKMARK.test(value) ? value : null);

/**
 * The newest bookmark the request carries (header or cookie), or null. Bookmarks sort
 * lexicographically from oldest to newest (D1's glossary), so the larger one is the fresher.
 */
function carriedBookmark(c: Context<AppEnv>): string | null {
  const carried = [valid(c.req.header(BOOKMARK_HEADER)), valid(getCookie(c, BOOKMARK_COOKIE))];
  return (
    carried
      .filter((b): b is string => b !== null)
      .sort()
      .at(-1) ?? null
  );
}

/**
 * The API's database session (README, Decisions: the nearest edge). A read (GET, HEAD) that
 * carries the owner's bookmark runs in a session constrained by it: the nearest replica answers
 * once it is at least as fresh as the owner's last write, so the owner reads their own writes
 * without a trip to the primary. A write, and a read that knows no bookmark, starts on the
 * primary (a write's own checks, such as the token's session, never read a lagging replica).
 * The answer hands the session's bookmark back: in `X-D1-Bookmark`, and to a signed-in browser
 * as an HttpOnly cookie after a write or when it had none, so its next reads (and the owner's
 * next look at the card) go to a replica at least that fresh.
 */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  const read = c.req.method === 'GET' || c.req.method === 'HEAD';
  const carried = carriedBookmark(c);
  const session = c.env.DB.withSession(read && carried ? carried : 'first-primary');
  c.set('db', createDb(session));
  await next();
  // Null when the route read through another session (a visitor's page) or not at all.
  const bookmark = session.getBookmark();
  if (!bookmark) return;
  try {
    c.res.headers.set(BOOKMARK_HEADER, bookmark);
  } catch {
    // An answer with immutable headers (a fetched asset) goes out as it is.
  }
  const signedIn = c.res.ok && c.get('userId') !== undefined;
  if (signedIn && (!read || !valid(getCookie(c, BOOKMARK_COOKIE)))) {
    setCookie(c, BOOKMARK_COOKIE, bookmark, {
      path: '/',
      maxAge: BOOKMARK_SECONDS,
      sameSite: 'Lax',
      httpOnly: true,
      secure: new URL(c.req.url).protocol === 'https:',
    });
  }
});

/**
 * A visitor's read (the card, its contact, its QR page): the nearest read replica, unless the
 * owner's bookmark asks for one at least as fresh as their last write.
 */
export const nearestReplica = createMiddleware<AppEnv>(async (c, next) => {
  const bookmark = carriedBookmark(c);
  c.set('bookmark', bookmark);
  c.set('db', createDb(c.env.DB.withSession(bookmark ?? 'first-unconstrained')));
  await next();
});
