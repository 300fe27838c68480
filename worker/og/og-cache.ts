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

/**
 * A render begun for a key, noted before the renderer runs: a request that runs out of CPU time
 * (Workers Free allows 10 ms, a render takes hundreds) ends without answering and without a word
 * to anyone, and this note is how the next request of that version knows not to try again.
 */
const ATTEMPT_SECONDS = 60 * 60;
const attemptKey = (key: Request) => new Request(`${key.url}/attempt`);

/** Whether a render of this version began within the hour and left no image: cut off, or failed. */
export async function renderAttempted(key: Request): Promise<boolean> {
  return (await cache()?.match(attemptKey(key))) !== undefined;
}

export async function noteRenderAttempt(key: Request) {
  const entry = new Response('1', { headers: { 'Cache-Control': `public, max-age=${ATTEMPT_SECONDS}` } });
  await cache()
    ?.put(attemptKey(key), entry)
    .catch(() => undefined);
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
