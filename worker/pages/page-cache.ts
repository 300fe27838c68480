import type { PublicCard } from '../services/public-card';
import { HTML_TYPE } from './render';

/**
 * Bump when the page's markup changes in a way cached copies must not outlive (a deploy
 * otherwise serves old HTML until its version key changes or the entry expires).
 */
const PAGE_VERSION = 9;
const CACHE_SECONDS = 24 * 60 * 60;

/**
 * The version of a card's HTML: a hash of exactly what the page is drawn from (the card as
 * one D1 statement read it, see getPublicCard) and PAGE_VERSION. Derived from the data, not
 * read beside it, so the HTML stored under a version is always the HTML of that version, even
 * when the card changes while a page renders (theme A, then B, then A again serves A).
 */
export async function cardVersion(card: PublicCard): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${PAGE_VERSION}|${JSON.stringify(card)}`),
  );
  return [...new Uint8Array(digest, 0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The cache entry of one version of a card on one origin (the HTML holds absolute URLs). */
export const pageCacheKey = (origin: string, username: string, version: string) =>
  new Request(`${origin}/__card-cache/${encodeURIComponent(username)}/${version}`);

const cache = () => (typeof caches === 'undefined' ? null : caches.default);

/** The cached HTML as a stream, or null on a miss. */
export async function cachedPage(key: Request): Promise<ReadableStream | null> {
  const hit = await cache()?.match(key);
  return hit?.body ?? null;
}

/** Stores the HTML while it streams to the visitor; a failed write only costs a later render. */
export function storePage(key: Request, body: ReadableStream): Promise<void> {
  const store = cache();
  if (!store) return body.cancel();
  const entry = new Response(body, {
    headers: { 'Content-Type': HTML_TYPE, 'Cache-Control': `public, max-age=${CACHE_SECONDS}` },
  });
  return store.put(key, entry).catch((error: unknown) => {
    console.error(JSON.stringify({ level: 'warn', message: 'page cache write failed', error: String(error) }));
  });
}
