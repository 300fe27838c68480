import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { nearestReplica } from '../middleware/db';
import { cachedOgImage, noteRenderAttempt, ogCacheKey, renderAttempted, storeOgImage } from '../og/og-cache';
import { cardVersion } from '../pages/page-cache';
import { getPublicCard } from '../services/public-card';
import { domainOrigin } from '../lib/domain-origin';
import { movedCard, usernameOf } from './public-page';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Without the current version in the URL (a stale or hand-written link) the client asks again.
const REVALIDATE = 'public, no-cache';

const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });

let fallbackBytes: Uint8Array | null = null;
/**
 * The image of a card whose own cannot be drawn: its renderer failed, or an earlier render of this
 * version ran out of CPU time (docs/deploying.md: the Free plan). Kept briefly, so the card's own
 * image is tried again later; a preview is never an error.
 */
async function fallback() {
  // Loaded where it is needed, like the renderer: a card view never evaluates it.
  const { OG_FALLBACK_PNG } = await import('../og/fallback.generated');
  fallbackBytes ??= Uint8Array.from(atob(OG_FALLBACK_PNG), (ch) => ch.charCodeAt(0));
  return new Response(fallbackBytes, {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=300', 'X-Card-Cache': 'FALLBACK' },
  });
}

/**
 * /p/{username}/og.png: the card's Open Graph image (README, Decisions: the Open Graph image),
 * drawn once per card version and kept in the edge cache under it, so a change shows at once.
 */
// The replica middleware on the route alone: this sub-app shares the /p mount with the card's.
export const ogImage = new Hono<AppEnv>().get('/:username/og.png', nearestReplica, async (c) => {
  const username = usernameOf(c.req.param('username'));
  const origin = new URL(c.req.url).origin;
  const result = username ? await getPublicCard(c.var.db, origin, username) : ({ status: 'missing' } as const);
  if (result.status === 'missing') return (await movedCard(c, username, '/p/', '/og.png')) ?? notFound();
  // A private card has no preview: nothing of it is shown to anyone.
  if (result.status === 'private') return new Response('This profile is private', { status: 403 });
  const { card } = result;
  const version = await cardVersion(card);
  // The image shows the card's address, so a domain added or removed draws another one.
  const drawn = result.domain ? `${version}@${result.domain}` : version;
  const etag = `"${drawn}"`;
  const headers = {
    'Content-Type': 'image/png',
    'Cache-Control': c.req.query('v') === version ? IMMUTABLE : REVALIDATE,
    ETag: etag,
  };
  if (c.req.header('If-None-Match') === etag) return new Response(null, { status: 304, headers });
  const key = ogCacheKey(origin, card.username, drawn);
  const cached = await cachedOgImage(key);
  if (cached) return new Response(cached, { headers: { ...headers, 'X-Card-Cache': 'HIT' } });
  if (await renderAttempted(key)) return fallback();
  await noteRenderAttempt(key);
  try {
    // The renderer (satori, resvg, the fonts) loads on the first miss in an isolate, never for a card view.
    const { drawOgImage } = await import('../og/og-image');
    const address = result.domain ? `${domainOrigin(result.domain, c.req.url)}/` : `${origin}/p/${card.username}`;
    const png = await drawOgImage(c.env.MEDIA, card, address);
    await storeOgImage(key, png);
    return new Response(png, { headers: { ...headers, 'X-Card-Cache': 'MISS' } });
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'og image not drawn', error: String(error) }));
    return fallback();
  }
});
