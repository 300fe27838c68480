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

// This isolate's copies of the pages it served last, in front of the data centre's Cache API,
// so a view of a card this isolate has drawn needs no cache lookup (README, Decisions: the card
// is cached at the edge by version). Keyed by version like the Cache API, so a copy is never
// stale; bounded by bytes, least recently served out first (a Map keeps insertion order).
const MEMORY_BYTES = 4 * 1024 * 1024;
const memory = new Map<string, Uint8Array>();
let memoryBytes = 0;

function remember(url: string, html: Uint8Array) {
  const previous = memory.get(url);
  if (previous) memoryBytes -= previous.byteLength;
  memory.delete(url);
  memory.set(url, html);
  memoryBytes += html.byteLength;
  for (const [oldest, bytes] of memory) {
    if (memoryBytes <= MEMORY_BYTES) break;
    memory.delete(oldest);
    memoryBytes -= bytes.byteLength;
  }
}

/** The cached HTML (this isolate's copy, else the data centre's), or null on a miss. */
export async function cachedPage(key: Request): Promise<Uint8Array | null> {
  const held = memory.get(key.url);
  if (held) {
    remember(key.url, held);
    return held;
  }
  const hit = await cache()?.match(key);
  if (!hit) return null;
  const html = new Uint8Array(await hit.arrayBuffer());
  remember(key.url, html);
  return html;
}

/** Stores the HTML while it streams to the visitor; a failed write only costs a later render. */
export async function storePage(key: Request, body: ReadableStream): Promise<void> {
  try {
    // A render that fails halfway rejects here, so no partial page is kept anywhere.
    const html = new Uint8Array(await new Response(body).arrayBuffer());
    remember(key.url, html);
    const entry = new Response(html, {
      headers: { 'Content-Type': HTML_TYPE, 'Cache-Control': `public, max-age=${CACHE_SECONDS}` },
    });
    await cache()?.put(key, entry);
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', message: 'page cache write failed', error: String(error) }));
  }
}
