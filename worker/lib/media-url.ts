import type { ImageTones } from '@shared/backdrop';
import { derivativePath, IMAGE_SHAPES, type MediaKind } from '@shared/media';

/** Public URL of an R2 object served by this Worker at /media/{key}. */
export const mediaUrl = (origin: string, key: string | null | undefined) => (key ? `${origin}/media/${key}` : null);

/** A derivative set has no extension; an upload stored as sent (before the media migration) has one. */
const isSet = (key: string) => !/\.[a-z]+$/.test(key);

/**
 * The URL the API answers for a card's image (`avatar_url`, `cover_image_url`): the set's JPEG,
 * which any client can draw; `derivativeUrl`/`pictureOf` (shared/media.ts) name the others.
 */
export const imageUrl = (origin: string, key: string | null | undefined, kind: MediaKind) =>
  key ? mediaUrl(origin, isSet(key) ? derivativePath(key, IMAGE_SHAPES[kind].jpegWidth, 'jpg') : key) : null;

/**
 * The only keys /media serves: derivatives, and uploads stored as sent that the media migration
 * has not converted yet. Originals never match.
 */
export const MEDIA_KEY_PATTERN =
  /^(?:(?:avatars|covers|backgrounds|logos|thumbs)\/(?:org-)?[0-9a-f]{32}\/[0-9a-f]{32}\/\d{2,4}\.(?:avif|webp|jpg)|(?:avatars|covers)\/(?:[0-9a-f]{32}\/)?[0-9a-f]{64}\.(?:jpg|png|gif|webp))$/;

/**
 * A custom theme as the API answers it: its uploaded background (docs/product.md §3) wins over an http(s)
 * URL saved before uploads existed, which still renders when there is no upload.
 */
export const withBackground = <T extends { background_image?: string | null }>(
  origin: string,
  theme: T | null,
  key: string | null | undefined,
): T | null => (theme && key ? { ...theme, background_image: imageUrl(origin, key, 'background') } : theme);

/**
 * A background's tones as answered (`background_tones`): only those measured on the set the card
 * draws now, else null, which the card takes as the worst image there is (docs/decisions/0093).
 */
export const tonesOf = (
  key: string | null | undefined,
  stored: (ImageTones & { set: string }) | null | undefined,
): ImageTones | null => (key && stored?.set === key ? { dark: stored.dark, light: stored.light } : null);
