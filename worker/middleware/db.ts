import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { createDb } from '../db/client';
import type { AppEnv } from '../env';

export { createDb };

/** The owner's last write, as a D1 bookmark: a card read with it is at least that fresh. */
export const BOOKMARK_COOKIE = 'd1_bookmark';
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const BOOKMARK_SECONDS = 10 * 60;

/**
 * The API reads and writes the primary database (README, Decisions: the nearest edge), so the
 * dashboard always sees its own writes. After a signed-in user's successful write, its bookmark
 * goes to a cookie, so the owner's next look at the card waits for a replica that has the change.
 */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  const session = c.env.DB.withSession('first-primary');
  c.set('db', createDb(session));
  await next();
  const wrote = c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.ok && c.get('userId') !== undefined;
  const bookmark = wrote ? session.getBookmark() : null;
  if (bookmark) {
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
  const bookmark = getCookie(c, BOOKMARK_COOKIE);
  const constraint = bookmark && BOOKMARK.test(bookmark) ? bookmark : 'first-unconstrained';
  c.set('db', createDb(c.env.DB.withSession(constraint)));
  await next();
});
