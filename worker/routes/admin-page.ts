import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { secret } from '../lib/config';
import { checkBearer } from '../services/access-tokens';
import { cookieToken } from '../services/events/viewer';
import { operatorAccess } from '../services/operator-access';

// /admin (README, Operating: the console): the console is a page of its own (web/admin.html) and
// the Worker decides who gets it before any static file is served. An operator gets it (one
// whose sign-in used no second factor too: the console then says what to do); everyone else
// gets exactly what any unknown path gets, the app's page with its 'Page Not Found', so the
// console is not even confirmed to exist. The API behind it answers 404 alike (middleware/admin.ts).

async function isOperator(c: Context<AppEnv>) {
  const token = cookieToken(c.req.raw);
  if (!token) return false;
  const check = await checkBearer(c.var.db, token, secret(c.env, 'JWT_SECRET'));
  if ('refused' in check) return false;
  return (await operatorAccess(c.var.db, check.userId, check.sessionId)) !== 'not-an-operator';
}

async function consoleOrUnknown(c: Context<AppEnv>) {
  if (!c.env.ASSETS) return c.notFound();
  if (await isOperator(c)) {
    // The assets layer serves admin.html at /admin (its HTML handling drops the extension).
    const page = await c.env.ASSETS.fetch(new URL('/admin', c.req.url));
    return new Response(page.body, {
      status: page.status,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  }
  return unknownPath(c, c.env.ASSETS);
}

/**
 * What the assets layer answers every unknown path (asked for a path no file has), with headers
 * the middleware may still add to (a fetched answer's are immutable).
 */
async function unknownPath(c: Context<AppEnv>, assets: Fetcher) {
  const answer = await assets.fetch(new Request(new URL(`/__unknown/${crypto.randomUUID()}`, c.req.url), c.req.raw));
  return new Response(answer.body, answer);
}

export const adminPage = new Hono<AppEnv>()
  .get('/admin', consoleOrUnknown)
  .get('/admin/*', consoleOrUnknown)
  .get('/admin.html', (c) => (c.env.ASSETS ? unknownPath(c, c.env.ASSETS) : c.notFound()));
