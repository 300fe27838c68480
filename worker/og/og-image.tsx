// The Open Graph image's drawing, loaded by its route on the first image drawn in an isolate
// (satori, resvg and the fonts are most of the Worker's weight; a card view never loads them).
import { MEDIA_KEY_PATTERN } from '../lib/media-url';
import type { PublicCard } from '../services/public-card';
import { cardLook } from '@shared/card-look';
import { OgCard } from './og-card';
import { ogFont, renderPng } from './render';

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
