import { and, eq, ne } from 'drizzle-orm';
import { derivativeNames, derivativePath, IMAGE_SHAPES } from '@shared/media';
import { IMAGE_MAX_BYTES } from '@shared/constants';
import { links } from '../../db/schema';
import type { Db, MediaBindings } from '../../env';
import { detectImageType, sha256Hex } from '../../lib/image-type';
import { THUMBNAIL_SET, THUMBS } from './thumbnail-url';
import { mediaOwner } from '../media';
import { makeDerivatives, UndecodableImage } from '../media-derivatives';

// A link's thumbnail (docs/product.md §2, Links): whatever its source (the linked page's image,
// or the owner's upload), it goes through the image pipeline of every other image: decoded,
// resized to 16:9, re-encoded without metadata and stored in R2 under the card's media folder,
// so a visitor's browser fetches it from this origin and never from the page it came from. No
// original is kept: there is nothing to re-cut.

/** The set a thumbnail URL of this card names, or null when it is no thumbnail of this card's. */
export async function thumbnailKeyOf(url: string, cardId: string) {
  let path: string;
  try {
    path = new URL(url, 'http://x').pathname;
  } catch {
    return null;
  }
  const match = new RegExp(`^/media/(${THUMBS}/([0-9a-f]{32})/[0-9a-f]{32})/\\d+\\.(?:jpg|webp)$`).exec(path);
  if (!match || match[2] !== (await mediaOwner(cardId))) return null;
  return match[1]!;
}

/** Whether a set's files are in R2 (a thumbnail URL sent back must name one that was made). */
export const thumbnailStored = async (bucket: R2Bucket, key: string) =>
  (await bucket.head(derivativePath(key, IMAGE_SHAPES.thumbnail.jpegWidth, 'jpg'))) !== null;

export type ThumbnailResult = { ok: true; key: string } | { ok: false; reason: 'not an image' | 'too large' };

/**
 * Makes and stores the thumbnail of an image's bytes; the set is named by their digest, so the
 * same image is the same set. Throws only when the Images binding itself is down (a 503).
 */
export async function storeThumbnail(
  media: MediaBindings,
  cardId: string,
  bytes: Uint8Array,
): Promise<ThumbnailResult> {
  if (bytes.byteLength > IMAGE_MAX_BYTES) return { ok: false, reason: 'too large' };
  if (!detectImageType(bytes)) return { ok: false, reason: 'not an image' };
  let derivatives;
  try {
    derivatives = await makeDerivatives(media.IMAGES, 'thumbnail', bytes);
  } catch (error) {
    if (error instanceof UndecodableImage) return { ok: false, reason: 'not an image' };
    throw error;
  }
  const key = `${THUMBS}/${await mediaOwner(cardId)}/${(await sha256Hex(bytes)).slice(0, 32)}`;
  await Promise.all(
    derivatives.files.map((file) =>
      media.MEDIA.put(`${key}/${file.name}`, file.bytes, { httpMetadata: { contentType: file.contentType } }),
    ),
  );
  return { ok: true, key };
}

/**
 * Deletes a set once no link of the card uses it but `except`. A link deleted keeps its set for
 * its 'Undo' (services/links.ts); an account's deletion removes the whole folder.
 */
export async function releaseThumbnail(db: Db, bucket: R2Bucket, cardId: string, key: string | null, except: number) {
  if (!key || !THUMBNAIL_SET.test(key)) return;
  const used = await db
    .select({ id: links.id })
    .from(links)
    .where(and(eq(links.cardId, cardId), eq(links.thumbnailKey, key), ne(links.id, except)))
    .limit(1)
    .get();
  if (!used)
    await bucket.delete(derivativeNames('thumbnail').map(({ width, format }) => derivativePath(key, width, format)));
}
