import { eq } from 'drizzle-orm';
import type { CropBody, ImageSource } from '@shared/schemas/media';
import { cards } from '../db/schema';
import type { Db, MediaBindings } from '../env';
import { notFound } from '../lib/errors';
import { detectImageType } from '../lib/image-type';
import { IMAGE_RULES, prepareImage, type CheckedImage, type ImageKind } from './media';
import { writeCard } from './media-write';
import { wholePreview } from './media-derivatives';

const NO_IMAGE = {
  avatar: 'There is no profile photo to adjust',
  cover: 'There is no cover image to adjust',
  background: 'There is no background image to adjust',
  logo: 'There is no logo to adjust',
};

/** The stored original of a card's image: only the owner's own requests ever read it. */
async function storedOriginal(db: Db, bucket: R2Bucket, cardId: string, kind: ImageKind) {
  const rules = IMAGE_RULES[kind];
  const row = await db
    .select({ key: cards[rules.column], original: cards[rules.original] })
    .from(cards)
    .where(eq(cards.id, cardId))
    .get();
  const object = row?.key && row.original ? await bucket.get(row.original) : null;
  if (!row?.key || !row.original || !object) throw notFound(NO_IMAGE[kind]);
  const bytes = new Uint8Array(await object.arrayBuffer());
  const detected = detectImageType(bytes);
  if (!detected) throw notFound(NO_IMAGE[kind]);
  const image: CheckedImage = { ...detected, bytes };
  return { set: row.key, original: row.original, image };
}

/** The whole upright image, small and without metadata, as a data: URI for the crop dialog. */
export async function imageSource(db: Db, media: MediaBindings, cardId: string, kind: ImageKind): Promise<ImageSource> {
  const { image } = await storedOriginal(db, media.MEDIA, cardId, kind);
  const preview = await wholePreview(media.IMAGES, image.bytes);
  let binary = '';
  for (let i = 0; i < preview.length; i += 0x8000) binary += String.fromCharCode(...preview.subarray(i, i + 0x8000));
  return { image: `data:image/webp;base64,${btoa(binary)}` };
}

/**
 * Re-cuts a card's image from its private original with the owner's box: new derivatives, no
 * second upload. It lands only over the set it was cut from, so a concurrent new upload wins.
 */
export async function recutImage(db: Db, media: MediaBindings, cardId: string, kind: ImageKind, box: CropBody) {
  const stored = await storedOriginal(db, media.MEDIA, cardId, kind);
  const image = await prepareImage(media.IMAGES, cardId, kind, { image: stored.image, stored: stored.original }, box);
  await writeCard(db, media.MEDIA, cardId, {}, { kind, image, expected: stored.set });
}
