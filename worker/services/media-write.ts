import { and, eq, isNull } from 'drizzle-orm';
import { cards } from '../db/schema';
import type { Db, MediaBindings } from '../env';
import { AppError, notFound } from '../lib/errors';
import {
  IMAGE_RULES,
  prepareImage,
  releaseImage,
  type CheckedImage,
  type ImageKind,
  type PreparedImage,
} from './media';

// A card's image changed with its fields, all or nothing (README, Decisions: images): the new
// files stored, the row swapped over the image it was read with, the old files released.

export async function storeImage(bucket: R2Bucket, image: PreparedImage) {
  // Derivative keys name their content (set digest), so a browser may keep them forever. A
  // failed put fails the change, whose clean-up deletes whatever of the set did land.
  await Promise.all([
    ...image.derivatives.files.map((file) =>
      bucket.put(`${image.set}/${file.name}`, file.bytes, { httpMetadata: { contentType: file.contentType } }),
    ),
    image.originalBytes
      ? bucket.put(image.original, image.originalBytes.bytes, {
          httpMetadata: { contentType: image.originalBytes.type },
        })
      : null,
  ]);
}

/** The card's text fields a change may carry along with an image. */
export type CardFields = Partial<
  Pick<
    typeof cards.$inferInsert,
    | 'name'
    | 'username'
    | 'bio'
    | 'isActive'
    | 'jobTitle'
    | 'company'
    | 'language'
    | 'phone'
    | 'publicEmail'
    | 'location'
    | 'pronouns'
  >
>;
/** A new image (or none, to remove it); `expected` makes the change land only over that set. */
export type ImageChange = { kind: ImageKind; image: PreparedImage | null; expected?: string };

/**
 * Changes a card all or nothing: the new files are stored first, then the fields and the image's
 * columns are written in one UPDATE, and only then are the old files released. If the write
 * fails the new files are deleted again (unless the card already used them), so a refused or
 * failed request leaves neither a changed row nor an orphan object. The UPDATE only lands if the
 * image key is still the one read, so two concurrent changes cannot leave an object no card uses.
 */
export async function writeCard(
  db: Db,
  bucket: R2Bucket,
  cardId: string,
  fields: CardFields,
  change: ImageChange | null,
) {
  if (!change) {
    const updated = await db
      .update(cards)
      .set({ ...fields, updatedAt: Date.now() })
      .where(eq(cards.id, cardId))
      .returning({ cardId: cards.id });
    if (updated.length === 0) throw notFound('User not found');
    return;
  }
  const image = change.image;
  let old: { key: string | null; original: string | null };
  try {
    if (image) await storeImage(bucket, image);
    old = await swapImage(db, cardId, change, fields);
  } catch (error) {
    // The caller must see the write's failure, not a failure of this clean-up.
    await releaseImage(db, bucket, image?.set, image?.original).catch(() => undefined);
    throw error;
  }
  await releaseImage(
    db,
    bucket,
    old.key !== (image?.set ?? null) ? old.key : null,
    old.original !== (image?.original ?? null) ? old.original : null,
  );
}

/**
 * A background's tones with the set they were measured on: the previous release, serving during a
 * deploy, may store another set without measuring it, and the answer must not use these for it.
 */
const storedTones = (image: PreparedImage | null) =>
  image?.derivatives.tones ? { set: image.set, ...image.derivatives.tones } : null;

/** The conditional UPDATE of `writeCard`, retried a few times; answers the columns it replaced. */
async function swapImage(db: Db, cardId: string, change: ImageChange, fields: CardFields) {
  const rules = IMAGE_RULES[change.kind];
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await db
      .select({ key: cards[rules.column], original: cards[rules.original] })
      .from(cards)
      .where(eq(cards.id, cardId))
      .get();
    if (!row) throw notFound('User not found');
    if (change.expected !== undefined && row.key !== change.expected) break;
    const updated = await db
      .update(cards)
      .set({
        ...fields,
        [rules.column]: change.image?.set ?? null,
        [rules.original]: change.image?.original ?? null,
        [rules.placeholder]: change.image?.derivatives.placeholder ?? null,
        ...('tones' in rules ? { [rules.tones]: storedTones(change.image) } : {}),
        updatedAt: Date.now(),
      })
      .where(
        and(eq(cards.id, cardId), row.key === null ? isNull(cards[rules.column]) : eq(cards[rules.column], row.key)),
      )
      .returning({ cardId: cards.id });
    if (updated.length > 0) return row;
  }
  throw new AppError(409, 'Your profile changed at the same time. Please try again.');
}

/** Sets (or clears, with null) a card's avatar, cover, theme background or logo from an upload. */
export async function replaceImage(
  db: Db,
  media: MediaBindings,
  cardId: string,
  kind: ImageKind,
  upload: CheckedImage | null,
) {
  const image = upload ? await prepareImage(media.IMAGES, cardId, kind, { image: upload }) : null;
  await writeCard(db, media.MEDIA, cardId, {}, { kind, image });
}
