import { and, eq, isNull, or } from 'drizzle-orm';
import { IMAGE_MAX_BYTES } from '../../shared/constants';
import { profiles } from '../db/schema';
import type { Db } from '../env';
import { AppError, fieldError, notFound } from '../lib/errors';
import { detectImageType, sha256Hex, type DetectedImage } from '../lib/image-type';

export type ImageKind = 'avatar' | 'cover';
export type CheckedImage = DetectedImage & { bytes: Uint8Array };

/** Per kind: the form field, the R2 folder and the spec's messages (section 5). */
export const IMAGE_RULES = {
  avatar: {
    field: 'avatar',
    folder: 'avatars',
    column: 'avatarKey',
    missing: 'Please choose an avatar image',
    tooLarge: 'Avatar image must be less than 5MB',
    wrongType: 'Avatar must be a JPG, PNG, GIF or WebP image',
  },
  cover: {
    field: 'cover_image',
    folder: 'covers',
    column: 'coverKey',
    missing: 'Please choose a cover image',
    tooLarge: 'Cover image must be less than 5MB',
    wrongType: 'Cover image must be a JPG, PNG, GIF or WebP image',
  },
} as const;

/** Only keys this service writes are ever served or deleted. */
export const MEDIA_KEY_PATTERN = /^(avatars|covers)\/[0-9a-f]{64}\.(jpg|png|gif|webp)$/;

/** A form value that should be an image: size first (before reading it), then its bytes. */
export async function checkImage(kind: ImageKind, value: unknown): Promise<CheckedImage> {
  const rules = IMAGE_RULES[kind];
  if (!(value instanceof File) || value.size === 0) throw fieldError(rules.field, rules.missing);
  if (value.size > IMAGE_MAX_BYTES) throw fieldError(rules.field, rules.tooLarge);
  const bytes = new Uint8Array(await value.arrayBuffer());
  const detected = detectImageType(bytes);
  if (!detected) throw fieldError(rules.field, rules.wrongType);
  return { ...detected, bytes };
}

/** Stores the image under a content-addressed key, so identical uploads share one object. */
export async function putImage(bucket: R2Bucket, kind: ImageKind, image: CheckedImage) {
  const key = `${IMAGE_RULES[kind].folder}/${await sha256Hex(image.bytes)}.${image.ext}`;
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
  return key;
}

/** Deletes an object once no card uses it: content addressing lets two cards share a key. */
export async function releaseImage(db: Db, bucket: R2Bucket, key: string | null | undefined) {
  if (!key) return;
  const user = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(or(eq(profiles.avatarKey, key), eq(profiles.coverKey, key)))
    .limit(1)
    .get();
  if (!user) await bucket.delete(key);
}

/**
 * Sets (or clears, with null) a card's avatar or cover. The write only lands if the key is still
 * the one read, so two concurrent changes cannot leave an object that no card references.
 */
export async function replaceImage(
  db: Db,
  bucket: R2Bucket,
  userId: string,
  kind: ImageKind,
  image: CheckedImage | null,
) {
  const column = IMAGE_RULES[kind].column;
  const newKey = image ? await putImage(bucket, kind, image) : null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await db.select({ key: profiles[column] }).from(profiles).where(eq(profiles.userId, userId)).get();
    if (!row) {
      await releaseImage(db, bucket, newKey);
      throw notFound('User not found');
    }
    const updated = await db
      .update(profiles)
      .set({ [column]: newKey, updatedAt: Date.now() })
      .where(
        and(eq(profiles.userId, userId), row.key === null ? isNull(profiles[column]) : eq(profiles[column], row.key)),
      )
      .returning({ userId: profiles.userId });
    if (updated.length > 0) {
      if (row.key !== newKey) await releaseImage(db, bucket, row.key);
      return;
    }
  }
  await releaseImage(db, bucket, newKey);
  throw new AppError(409, 'Your profile changed at the same time. Please try again.');
}
