import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@shared/constants';

export type ImageKind = 'avatar' | 'cover';

/**
 * docs/product.md §5: avatar and cover are jpg, jpeg, png or gif, at most 5MB; the cards issue adds
 * webp, which phones produce, and the server accepts it too (it decides by the bytes).
 */
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;

/** Per kind: the call, its form field and the messages of docs/product.md §5 and §8. */
export const IMAGE_RULES = {
  avatar: {
    path: '/v1/user/profile/avatar',
    field: 'avatar',
    tooLarge: 'Photo must be less than 5MB',
    wrongType: 'Photo must be a JPG, PNG, GIF or WebP file',
    uploaded: 'Profile photo updated successfully',
    uploadFailed: 'Failed to upload profile photo',
    canceled: 'Upload canceled',
    removing: 'Removing profile photo...',
    removed: 'Profile photo removed successfully',
    removeFailed: 'Failed to remove profile photo',
    adjusted: 'Profile photo updated successfully',
    adjustFailed: 'Failed to update profile photo',
  },
  cover: {
    path: '/v1/user/profile/cover-image',
    field: 'cover_image',
    tooLarge: 'Cover must be less than 5MB',
    wrongType: 'Cover must be a JPG, PNG, GIF or WebP file',
    uploaded: 'Cover image uploaded successfully',
    uploadFailed: 'Failed to upload cover image',
    canceled: 'Cover upload canceled',
    removing: null,
    removed: 'Cover image removed successfully',
    removeFailed: 'Failed to remove cover image',
    adjusted: 'Cover image updated successfully',
    adjustFailed: 'Failed to update cover image',
  },
} as const;

/** Why a chosen file is no photo this product takes, else null (checked before it is made smaller). */
export function checkImageType(kind: ImageKind, file: File): string | null {
  const typeOk =
    (IMAGE_TYPES as readonly string[]).includes(file.type) || (!file.type && ACCEPTED_EXTENSIONS.test(file.name));
  return typeOk ? null : IMAGE_RULES[kind].wrongType;
}

/**
 * The message when a file cannot be uploaded, else null. The 5 MB limit applies to what is sent,
 * after the browser made the photo smaller (src/lib/shrink-photo.ts), as the messages say 'photo' and
 * 'cover' as the screen does (issue 23).
 */
export function checkImageFile(kind: ImageKind, file: File): string | null {
  return checkImageType(kind, file) ?? (file.size > IMAGE_MAX_BYTES ? IMAGE_RULES[kind].tooLarge : null);
}
