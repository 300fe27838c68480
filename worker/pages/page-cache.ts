import type { PublicCard } from '../services/public-card';
import { HTML_TYPE } from './render';

/**
 * Bump when the page's markup changes in a way cached copies must not outlive (a deploy
 * otherwise serves old HTML until its version key changes or the entry expires).
 */
const PAGE_VERSION = 10;
const CACHE_SECONDS = 24 * 60 * 60;

/**
 * The version of a card's HTML: a hash of exactly what the page is drawn from (the card as
 * one D1 statement read it, see getPublicCard) and PAGE_VERSION. Derived from the data, not
 * read beside it, so the HTML stored under a version is always the HTML of that version, even
 * when the card changes while a page renders (theme A, then B, then A again serves A).
 */
export async function cardVersion(card: PublicCard): Promise<string> {
  // A card without a company logo or a measured background draws as it did before either existed
  // (their CSS rules apply to nothing), so it keeps its version, its cached page and its Open
  // Graph image's address.
  const { logo_url: logo, background_tones: tones, ...before } = card;
  const drawn = {
    ...before,
    ...(logo === null ? {} : { logo_url: logo }),
    ...(tones == null ? {} : { background_tones: tones }),
  };
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${PAGE_VERSION}|${JSON.stringify(drawn)}`),
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

/**
 * The entry of the last page served of a card, whatever its version: served, stale, while the
 * database cannot say which version is current (README, When a part fails).
 */
export const latestPageKey = (origin: string, username: string) =>
  new Request(`${origin}/__card-latest/${encodeURIComponent(username)}`);

const STORED_AT = 'X-Stored-At';
// This isolate's copy of each card's last page and when it was drawn, beside the versioned copies.
const latest = new Map<string, { html: Uint8Array; at: number }>();

/**
 * How long the edge keeps a card's page: a day, or until a scheduled link of it next appears or
 * goes (`changesAt`), whichever comes first; the version changes then too, as what is drawn does.
 */
export function cacheSeconds(changesAt: number | null, now = Date.now()): number {
  if (changesAt === null) return CACHE_SECONDS;
  return Math.max(1, Math.min(CACHE_SECONDS, Math.ceil((changesAt - now) / 1000)));
}

/** Stores the HTML while it streams to the visitor; a failed write only costs a later render. */
export async function storePage(
  key: Request,
  body: ReadableStream,
  latestKey?: Request,
  maxAge = CACHE_SECONDS,
): Promise<void> {
  try {
    // A render that fails halfway rejects here, so no partial page is kept anywhere.
    const html = new Uint8Array(await new Response(body).arrayBuffer());
    remember(key.url, html);
    const at = Date.now();
    const headers = { 'Content-Type': HTML_TYPE, 'Cache-Control': `public, max-age=${CACHE_SECONDS}` };
    const versioned = { ...headers, 'Cache-Control': `public, max-age=${maxAge}` };
    await cache()?.put(key, new Response(html, { headers: versioned }));
    if (latestKey) {
      latest.delete(latestKey.url);
      latest.set(latestKey.url, { html, at });
      if (latest.size > 1000) latest.delete(latest.keys().next().value!);
      await cache()?.put(latestKey, new Response(html, { headers: { ...headers, [STORED_AT]: String(at) } }));
    }
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', message: 'page cache write failed', error: String(error) }));
  }
}

/**
 * The last page served of a card and how old it is, in seconds, or null: what a visitor gets while
 * D1 is down. At most a day old (the Cache API keeps it CACHE_SECONDS).
 */
export async function stalePage(latestKey: Request): Promise<{ html: Uint8Array; age: number } | null> {
  const held = latest.get(latestKey.url);
  const hit = held ? null : await cache()?.match(latestKey);
  const found =
    held ?? (hit ? { html: new Uint8Array(await hit.arrayBuffer()), at: Number(hit.headers.get(STORED_AT)) } : null);
  if (!found) return null;
  return { html: found.html, age: Math.max(0, Math.round((Date.now() - (found.at || Date.now())) / 1000)) };
}
