import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@shared/constants';
import type { ProfileKey } from '@shared/i18n/compiled/keys';
import { words } from '@/lib/i18n';

export type ImageKind = 'avatar' | 'cover' | 'logo';
/** The kinds the crop dialog adjusts: a logo is fitted whole instead. */
export type CroppedKind = Exclude<ImageKind, 'logo'>;

/**
 * docs/product.md §5: avatar and cover are jpg, jpeg, png or gif (the spec's list), at most 5MB, and
 * webp, which phones produce, and the server accepts it too (it decides by the bytes).
 */
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;

/** Per kind: the call and its form field. */
export const IMAGE_RULES = {
  avatar: { path: '/v1/user/profile/avatar', field: 'avatar' },
  cover: { path: '/v1/user/profile/cover-image', field: 'cover_image' },
  logo: { path: '/v1/user/profile/logo', field: 'logo' },
} as const;

const t = words('profile');
export type ImageMessage =
  | 'tooLarge'
  | 'wrongType'
  | 'uploaded'
  | 'uploadFailed'
  | 'canceled'
  | 'removed'
  | 'removeFailed'
  | 'adjusted'
  | 'adjustFailed';
/** The messages of docs/product.md §5 and §8 per kind (catalogues/profile). */
const MESSAGES: Record<CroppedKind, Record<ImageMessage, ProfileKey>> = {
  avatar: {
    tooLarge: 'profile.avatar_too_large',
    wrongType: 'profile.avatar_wrong_type',
    uploaded: 'profile.avatar_uploaded',
    uploadFailed: 'profile.avatar_upload_failed',
    canceled: 'profile.upload_canceled',
    removed: 'profile.avatar_removed',
    removeFailed: 'profile.avatar_remove_failed',
    adjusted: 'profile.avatar_uploaded',
    adjustFailed: 'profile.avatar_adjust_failed',
  },
  cover: {
    tooLarge: 'profile.cover_too_large',
    wrongType: 'profile.cover_wrong_type',
    uploaded: 'profile.cover_uploaded',
    uploadFailed: 'profile.cover_upload_failed',
    canceled: 'profile.cover_upload_canceled',
    removed: 'profile.cover_removed',
    removeFailed: 'profile.cover_remove_failed',
    adjusted: 'profile.cover_adjusted',
    adjustFailed: 'profile.cover_adjust_failed',
  },
};
/** A message in the app's language, read when shown (the words load beside this module). */
export const imageMessage = (kind: ImageKind, message: ImageMessage) =>
  kind === 'logo' ? (logoMessage?.(message) ?? '') : t(MESSAGES[kind][message]);

/**
 * The logo's messages come with its field, a chunk of its own with its words (logo-field.tsx), so
 * the Profile screen's first load carries none of them; nothing asks for one before it is there.
 */
let logoMessage: ((message: ImageMessage) => string) | null = null;
export const setLogoMessages = (say: (message: ImageMessage) => string) => {
  logoMessage = say;
};

/** Why a chosen file is no photo this product takes, else null (checked before it is made smaller). */
export function checkImageType(kind: ImageKind, file: File): string | null {
  const typeOk =
    (IMAGE_TYPES as readonly string[]).includes(file.type) || (!file.type && ACCEPTED_EXTENSIONS.test(file.name));
  return typeOk ? null : imageMessage(kind, 'wrongType');
}

/**
 * The message when a file cannot be uploaded, else null. The 5 MB limit applies to what is sent,
 * after the browser made the photo smaller (src/lib/shrink-photo.ts), so a camera photo fits; a
 * file still over it gets the spec's words, the server's own for the same fault (docs/product.md §5).
 */
export function checkImageFile(kind: ImageKind, file: File): string | null {
  return checkImageType(kind, file) ?? (file.size > IMAGE_MAX_BYTES ? imageMessage(kind, 'tooLarge') : null);
}
