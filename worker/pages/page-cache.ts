import { HTML_TYPE } from './render';

/**
 * Bump when the page's markup changes in a way cached copies must not outlive (a deploy
 * otherwise serves old HTML until its version key changes or the entry expires).
 */
const PAGE_VERSION = 1;
const CACHE_SECONDS = 24 * 60 * 60;

export type CardState =
  | { status: 'missing' }
  | { status: 'private'; username: string }
  | { status: 'public'; ownerId: string; username: string; version: string };

// Everything the HTML is drawn from, in one indexed read: the profile row (its updated_at
// moves on every profile, media, theme and template change), the preset theme and template
// rows themselves (a re-seed may recolour a preset), and a signature of the links (count,
// sum of ids and of updated_at: any insert, delete, edit, reorder or toggle changes it).
const STATE_SQL = `
SELECT p.user_id AS owner, p.username, p.is_active AS active,
  p.updated_at || '|' || coalesce(p.theme_id, '') || '|' || coalesce(p.template_id, '') || '|' ||
  coalesce(t.background_color || t.text_color || t.accent_color || t.font_family || coalesce(t.background_image, ''), '') || '|' ||
  coalesce(tp.config, '') || '|' ||
  (SELECT count(*) || ':' || total(id) || ':' || total(updated_at) FROM links WHERE user_id = p.user_id) AS sig
FROM profiles p
LEFT JOIN themes t ON t.id = p.theme_id
LEFT JOIN templates tp ON tp.id = p.template_id
WHERE p.username = ?1`;

/** Whether a card exists, is public, and the version its cached HTML must carry. */
export async function cardState(d1: D1Database, username: string): Promise<CardState> {
  const row = await d1
    .prepare(STATE_SQL)
    .bind(username)
    .first<{ owner: string; username: string; active: number; sig: string }>();
  if (!row) return { status: 'missing' };
  if (!row.active) return { status: 'private', username: row.username };
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${PAGE_VERSION}|${row.sig}`));
  const version = [...new Uint8Array(digest, 0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { status: 'public', ownerId: row.owner, username: row.username, version };
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
