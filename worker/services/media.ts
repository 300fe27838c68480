import { eq, or } from 'drizzle-orm';
import { IMAGE_MAX_BYTES } from '@shared/constants';
import { derivativeNames, derivativePath, type MediaKind } from '@shared/media';
import { cards } from '../db/schema';
import type { Db } from '../env';
import { AppError, fieldError } from '../lib/errors';
import { detectImageType, sha256Hex, type DetectedImage } from '../lib/image-type';
import { PHOTOS_UNAVAILABLE, UnavailableError } from '../lib/unavailable';
import { imagesWorking, makeDerivatives, UndecodableImage, type CropBox, type Derivatives } from './media-derivatives';

export type ImageKind = MediaKind;
export type CheckedImage = DetectedImage & { bytes: Uint8Array };

/** Per kind: the form field, the R2 folder, the columns and documented messages (docs/product.md §5). */
export const IMAGE_RULES = {
  avatar: {
    field: 'avatar',
    folder: 'avatars',
    column: 'avatarKey',
    original: 'avatarOriginal',
    placeholder: 'avatarPlaceholder',
    missing: 'Please choose an avatar image',
    tooLarge: 'Avatar image must be less than 5MB',
    wrongType: 'Avatar must be a JPG, PNG, GIF or WebP image',
  },
  cover: {
    field: 'cover_image',
    folder: 'covers',
    column: 'coverKey',
    original: 'coverOriginal',
    placeholder: 'coverPlaceholder',
    missing: 'Please choose a cover image',
    tooLarge: 'Cover image must be less than 5MB',
    wrongType: 'Cover image must be a JPG, PNG, GIF or WebP image',
  },
  background: {
    field: 'background_image',
    folder: 'backgrounds',
    column: 'backgroundKey',
    original: 'backgroundOriginal',
    placeholder: 'backgroundPlaceholder',
    tones: 'backgroundTones',
    missing: 'Please choose a background image',
    tooLarge: 'Background image must be less than 5MB',
    wrongType: 'Background image must be a JPG, PNG, GIF or WebP image',
  },
  logo: {
    field: 'logo',
    folder: 'logos',
    column: 'logoKey',
    original: 'logoOriginal',
    placeholder: 'logoPlaceholder',
    missing: 'Please choose a logo image',
    tooLarge: 'Logo image must be less than 5MB',
    wrongType: 'Logo must be a JPG, PNG, GIF or WebP image',
  },
} as const;

/** Where the uploads themselves are kept: no route serves this prefix (MEDIA_KEY_PATTERN, lib/media-url.ts). */
const ORIGINALS = 'originals';

/**
 * A derivative set, `<folder>/<owner>/<set>` (its files are `<set>/<width>.<format>`); an
 * organisation's logo is `logos/org-<owner>/<set>`, which many cards share.
 */
const SET_KEY = /^(avatars|covers|backgrounds|logos|thumbs)\/(?:org-)?[0-9a-f]{32}\/[0-9a-f]{32}$/;
/** An upload stored as sent, before derivatives (per user, or the older shared shape). */
export const LEGACY_KEY = /^(?:avatars|covers)\/(?:[0-9a-f]{32}\/)?[0-9a-f]{64}\.(?:jpg|png|gif|webp)$/;
export const isSetKey = (key: string) => SET_KEY.test(key);

/**
 * A user's media folder: a one-way digest of the user id, since the URL is public and the public
 * card never shows the id itself. 128 bits of a random UUID's digest cannot collide in practice.
 */
export const mediaOwner = async (cardId: string) =>
  (await sha256Hex(new TextEncoder().encode(`media:${cardId}`))).slice(0, 32);

/** Every R2 prefix that holds one user's objects (derivatives and originals): deleting an account lists these. */
export const userMediaPrefixes = async (cardId: string) => {
  const owner = await mediaOwner(cardId);
  return [
    `avatars/${owner}/`,
    `covers/${owner}/`,
    `backgrounds/${owner}/`,
    `logos/${owner}/`,
    // Link thumbnails (services/link-preview/thumbnail.ts), which keep no original.
    `thumbs/${owner}/`,
    `${ORIGINALS}/${owner}/`,
  ];
};

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

/** An image made and named, not yet stored: its set, its original's key (and bytes when new). */
export type PreparedImage = {
  set: string;
  original: string;
  originalBytes: CheckedImage | null;
  derivatives: Derivatives;
};

/**
 * Makes the derivatives of an upload (or re-cuts a stored original with `box`). The set is named
 * by the original's digest and the box, so the same cut is the same set. A file the Images binding
 * cannot decode (truncated, not really an image) is refused with the wrong-type message.
 */
export async function prepareImage(
  images: ImagesBinding,
  cardId: string,
  kind: ImageKind,
  source: { image: CheckedImage; stored?: string },
  box: CropBox | null = null,
  folder?: string,
): Promise<PreparedImage> {
  let derivatives: Derivatives;
  try {
    derivatives = await makeDerivatives(images, kind, source.image.bytes, box);
  } catch (error) {
    if (error instanceof UndecodableImage) throw fieldError(IMAGE_RULES[kind].field, IMAGE_RULES[kind].wrongType);
    // A later step failed: the binding went down halfway (a 503), or something else did (a 500).
    if (!(error instanceof AppError) && !(await imagesWorking(images))) throw new UnavailableError(PHOTOS_UNAVAILABLE);
    throw error;
  }
  const owner = folder ?? (await mediaOwner(cardId));
  const digest = await sha256Hex(source.image.bytes);
  const cut = box ? [box.x, box.y, box.width, box.height].map((n) => n.toFixed(6)).join(',') : 'centre';
  const setId = (await sha256Hex(new TextEncoder().encode(`${digest}|${cut}`))).slice(0, 32);
  return {
    set: `${IMAGE_RULES[kind].folder}/${owner}/${setId}`,
    original: source.stored ?? `${ORIGINALS}/${owner}/${digest}.${source.image.ext}`,
    originalBytes: source.stored ? null : source.image,
    derivatives,
  };
}

const FOLDER_KINDS = Object.fromEntries(
  Object.entries(IMAGE_RULES).map(([kind, rules]) => [rules.folder, kind as ImageKind]),
);
const kindOfSet = (set: string): ImageKind => FOLDER_KINDS[set.split('/')[0]!] ?? 'avatar';
// With the files a set of an earlier release may hold (a background's AVIF), so none is left behind.
const setFiles = (set: string) =>
  derivativeNames(kindOfSet(set), true).map(({ width, format }) => derivativePath(set, width, format));

/** An organisation's own image (its logo), which only its template releases (services/orgs/template-logo.ts). */
const ORG_OWNED = '/org-';

/** Deletes a set (or an upload stored as sent) and an original, each unless a card still uses it. */
export async function releaseImage(
  db: Db,
  bucket: R2Bucket,
  key: string | null | undefined,
  original: string | null | undefined = null,
) {
  if (key?.includes(ORG_OWNED)) key = null;
  if (original?.includes(ORG_OWNED)) original = null;
  if (key) {
    const used = await db
      .select({ cardId: cards.id })
      .from(cards)
      .where(
        or(eq(cards.avatarKey, key), eq(cards.coverKey, key), eq(cards.backgroundKey, key), eq(cards.logoKey, key)),
      )
      .limit(1)
      .get();
    if (!used) await bucket.delete(isSetKey(key) ? setFiles(key) : [key]);
  }
  if (original) {
    const used = await db
      .select({ cardId: cards.id })
      .from(cards)
      .where(
        or(
          eq(cards.avatarOriginal, original),
          eq(cards.coverOriginal, original),
          eq(cards.backgroundOriginal, original),
          eq(cards.logoOriginal, original),
        ),
      )
      .limit(1)
      .get();
    if (!used) await bucket.delete(original);
  }
}
