import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataResponse, User } from '@shared/types';
import { api, uploadWithProgress, type UploadOptions } from '@/lib/api-client';
import { updateUser } from '@/lib/auth';
import { words } from '@/lib/i18n';
import { currentUserQueryKey } from '@/lib/current-user';
import { expireCachedProfile } from '@/lib/profile-cache';

const t = words('looks');

/** The custom theme's uploaded background (docs/product.md §2, Themes): the avatar's and cover's pipeline. */
export const BACKGROUND = { path: '/v1/user/profile/background-image', field: 'background_image' } as const;

/** What the upload and removal say, in the app's language. */
export const backgroundWords = () => ({
  tooLarge: t('looks.bg_too_large'),
  wrongType: t('looks.bg_wrong_type'),
  uploaded: t('looks.bg_uploaded'),
  uploadFailed: t('looks.bg_upload_failed'),
  canceled: t('looks.bg_canceled'),
  removed: t('looks.bg_removed'),
  removeFailed: t('looks.bg_remove_failed'),
});

/** POST /v1/user/profile/background-image, multipart, with progress and cancel. */
export function uploadBackground(file: File, options: UploadOptions) {
  const form = new FormData();
  form.set(BACKGROUND.field, file);
  return uploadWithProgress<DataResponse<User>>(BACKGROUND.path, form, options);
}

/** Stores the user an image call answered, so every screen (and the card's cache) sees it. */
export function useStoreUser() {
  const queryClient = useQueryClient();
  return async (user: User | null) => {
    if (user) {
      queryClient.setQueryData(currentUserQueryKey, user);
      updateUser(user);
    } else expireCachedProfile();
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
}

/** DELETE /v1/user/profile/background-image. */
export function useRemoveBackground() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: () => api.delete<DataResponse<User>>(BACKGROUND.path),
    onSuccess: (body) => storeUser(body.data ?? null),
  });
}
