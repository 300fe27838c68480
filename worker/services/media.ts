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

/**
 * Only keys this service writes are ever served or deleted: `<folder>/<owner>/<sha256>.<ext>`,
 * and the older `<folder>/<sha256>.<ext>` that cards saved before keys were per user.
 */
export const MEDIA_KEY_PATTERN = /^(?:avatars|covers)\/(?:[0-9a-f]{32}\/)?[0-9a-f]{64}\.(?:jpg|png|gif|webp)$/;

/**
 * A user's media folder: a one-way digest of the user id, since the URL is public and the public
 * card never shows the id itself. 128 bits of a random UUID's digest cannot collide in practice.
 */
export const mediaOwner = async (userId: string) =>
  (await sha256Hex(new TextEncoder().encode(`media:${userId}`))).slice(0, 32);

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

/**
 * Stores the image under its content hash inside the user's own folder. Identical bytes from two
 * users are two objects: whether an object is still used is then a question about one card only,
 * and no other user's upload can start using an object while this user's request deletes it.
 */
export async function putImage(bucket: R2Bucket, userId: string, kind: ImageKind, image: CheckedImage) {
  const key = `${IMAGE_RULES[kind].folder}/${await mediaOwner(userId)}/${await sha256Hex(image.bytes)}.${image.ext}`;
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
  return key;
}

/** Deletes an object unless a card uses it (an older shared key may still be on another card). */
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

/** The card's text fields a change may carry along with an image. */
export type CardFields = Partial<Pick<typeof profiles.$inferInsert, 'name' | 'username' | 'bio' | 'isActive'>>;
export type ImageChange = { kind: ImageKind; image: CheckedImage | null };

/**
 * Changes a card all or nothing: the new image object is stored first, then the fields and the
 * image key are written in one UPDATE, and only then is the old object released. If the write
 * fails the new object is deleted again (unless the card already used it), so a refused or failed
 * request leaves neither a changed row nor an orphan object. The UPDATE only lands if the image
 * key is still the one read, so two concurrent changes cannot leave an object no card references.
 */
export async function writeCard(
  db: Db,
  bucket: R2Bucket,
  userId: string,
  fields: CardFields,
  change: ImageChange | null,
) {
  if (!change) {
    const updated = await db
      .update(profiles)
      .set({ ...fields, updatedAt: Date.now() })
      .where(eq(profiles.userId, userId))
      .returning({ userId: profiles.userId });
    if (updated.length === 0) throw notFound('User not found');
    return;
  }
  const column = IMAGE_RULES[change.kind].column;
  const newKey = change.image ? await putImage(bucket, userId, change.kind, change.image) : null;
  let oldKey: string | null;
  try {
    oldKey = await swapImageKey(db, userId, column, fields, newKey);
  } catch (error) {
    // The caller must see the write's failure, not a failure of this clean-up.
    await releaseImage(db, bucket, newKey).catch(() => undefined);
    throw error;
  }
  if (oldKey !== newKey) await releaseImage(db, bucket, oldKey);
}

/** The conditional UPDATE of `writeCard`, retried a few times; answers the key it replaced. */
async function swapImageKey(
  db: Db,
  userId: string,
  column: (typeof IMAGE_RULES)[ImageKind]['column'],
  fields: CardFields,
  newKey: string | null,
) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await db.select({ key: profiles[column] }).from(profiles).where(eq(profiles.userId, userId)).get();
    if (!row) throw notFound('User not found');
    const updated = await db
      .update(profiles)
      .set({ ...fields, [column]: newKey, updatedAt: Date.now() })
      .where(
        and(eq(profiles.userId, userId), row.key === null ? isNull(profiles[column]) : eq(profiles[column], row.key)),
      )
      .returning({ userId: profiles.userId });
    if (updated.length > 0) return row.key;
  }
  throw new AppError(409, 'Your profile changed at the same time. Please try again.');
}

/** Sets (or clears, with null) a card's avatar or cover. */
export const replaceImage = (db: Db, bucket: R2Bucket, userId: string, kind: ImageKind, image: CheckedImage | null) =>
  writeCard(db, bucket, userId, {}, { kind, image });
