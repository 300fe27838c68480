import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { cardOfHost } from './custom-domains';

// A request to a name that is not one of the deployment's own (middleware/host.ts's gate): the card
// whose active domain it is, and only what that card needs; loaded on the first such request.

type C = Context<AppEnv>;

/** What a card's domain serves besides its root: the card's own pages and the files they load. */
const CARD_FILES = /^\/(card|fonts|assets|media|icons)\//;
// A link's click, flagged link and warning pages: the routes find only this card's links here
// (findClickableLink's `onCard`, from `customHost`).
const CLICK = /^\/v1\/link\/\d+\/click$/;
const FLAGGED_LINK = /^\/go\/\d+$/;
/** The warning before a link its owner marked sensitive, and its Continue (routes/leaving-page.tsx). */
const LEAVING = /^\/leaving\/\d+(?:\/continue)?$/;
/** The card's own pages by its username: its vCard, preview image, contact and report pages, QR. */
const NAMED = /^\/(?:p\/([^/]+?)(?:\.vcf|\/og\.png|\/contact(?:\/.*)?|\/report(?:\/.*)?)|qr\/([^/]+)|v1\/p\/([^/]+))$/;
const CARD_AT = /^\/p\/([^/]+)\/?$/;

/** Nothing at all: not the app's JSON nor its pages, so an unknown name reveals nothing of the site. */
const nothing = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/** Answers a request to `host`, not one of the deployment's own names. */
export async function cardHost(c: C, host: string, next: () => Promise<void>) {
  const card = await cardOfHost(c.var.db, host);
  if (!card) return nothing();
  c.set('customHost', { hostname: host, ...card });
  const answer = await cardOnly(c, card.username, next);
  // No cookie is ever set for a card's domain: the dashboard's sessions live on the deployment's host.
  const response = new Response(answer.body, answer);
  response.headers.delete('Set-Cookie');
  // Replaced, not merged: Hono's setter would carry the old answer's headers (its cookies) over.
  c.res = undefined;
  c.res = response;
  return undefined;
}

/** A username in a path as the card would be found by it; malformed escapes name nothing. */
function usernameOf(text: string) {
  try {
    return decodeURIComponent(text).trim().toLowerCase();
  } catch {
    return null;
  }
}

async function cardOnly(c: C, username: string, next: () => Promise<void>): Promise<Response> {
  const path = c.req.path;
  const method = c.req.method;
  // The root is the card's page (routes/public-page.tsx, domainRoot), GET and HEAD alone.
  if (path === '/' && method !== 'GET' && method !== 'HEAD') return nothing();
  const at = CARD_AT.exec(path);
  if (at) {
    if (usernameOf(at[1]!) !== username) return nothing();
    return new Response(null, {
      status: 301,
      headers: { Location: `/${new URL(c.req.url).search}`, 'Cache-Control': 'no-store' },
    });
  }
  const named = NAMED.exec(path);
  const allowed = named
    ? usernameOf(named[1] ?? named[2] ?? named[3] ?? '') === username
    : path === '/' || CARD_FILES.test(path) || CLICK.test(path) || FLAGGED_LINK.test(path) || LEAVING.test(path);
  if (!allowed) return nothing();
  await next();
  return c.res;
}
