import { MEDIA_KEY_PATTERN } from '../services/media';
import type { PublicCard } from '../services/public-card';
import { cardLook } from '@shared/card-look';
import { OgCard } from './og-card';
import { ogFont, renderPng } from './render';

/** Bump when the drawing changes: cached images of an unchanged card must not outlive it. */
const OG_VERSION = 1;
const CACHE_SECONDS = 7 * 24 * 60 * 60;

function base64(bytes: Uint8Array) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** One of this product's JPEG derivatives (the URL the card answers) as a data: URI, or null. */
export async function jpegDataUri(bucket: R2Bucket, url: string | null) {
  if (!url) return null;
  const key = new URL(url).pathname.replace(/^\/media\//, '');
  // Only derivatives: the JPEG is what satori can draw (it reads neither AVIF nor WebP).
  if (!MEDIA_KEY_PATTERN.test(key) || !key.endsWith('.jpg')) return null;
  const object = await bucket.get(key);
  if (!object) return null;
  return `data:image/jpeg;base64,${base64(new Uint8Array(await object.arrayBuffer()))}`;
}

/** Draws a card's Open Graph image (a 1200x630 PNG). */
export async function drawOgImage(bucket: R2Bucket, card: PublicCard, url: string) {
  const look = cardLook(card);
  const [avatar, cover] = await Promise.all([
    look.showAvatar ? jpegDataUri(bucket, card.avatar_url) : null,
    jpegDataUri(bucket, card.cover_image_url),
  ]);
  const font = ogFont(look.font);
  return renderPng(<OgCard card={card} url={url} images={{ avatar, cover }} font={font.name} />, font);
}

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
