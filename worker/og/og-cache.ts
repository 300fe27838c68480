// The edge cache of drawn Open Graph images: what a request for an image already drawn needs,
// apart from the renderer (og-image.tsx), which only a miss loads.

/** Bump when the drawing changes: cached images of an unchanged card must not outlive it. */
const OG_VERSION = 1;
const CACHE_SECONDS = 7 * 24 * 60 * 60;

/** The edge cache entry of one version of a card's image on one origin (its URL is drawn in it). */
export const ogCacheKey = (origin: string, username: string, version: string) =>
  new Request(`${origin}/__og-image/${encodeURIComponent(username)}/${OG_VERSION}-${version}`);

const cache = () => (typeof caches === 'undefined' ? null : caches.default);

export async function cachedOgImage(key: Request): Promise<ArrayBuffer | null> {
  const hit = await cache()?.match(key);
  return hit ? hit.arrayBuffer() : null;
}

/** Stores a drawn image; a failed write only costs a later render. */
export async function storeOgImage(key: Request, png: Uint8Array) {
  const store = cache();
  if (!store) return;
  const entry = new Response(png, {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': `public, max-age=${CACHE_SECONDS}` },
  });
  await store.put(key, entry).catch((error: unknown) => {
    console.error(JSON.stringify({ level: 'warn', message: 'og image cache write failed', error: String(error) }));
  });
}
