import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataResponse, User } from '@shared/types';
import { api, uploadWithProgress, type UploadOptions } from '@/lib/api-client';
import { updateUser } from '@/lib/auth';
import { currentUserQueryKey } from '@/lib/current-user';
import { expireCachedProfile } from '@/lib/profile-cache';

/** The custom theme's uploaded background (issue 23): the avatar's and cover's pipeline. */
export const BACKGROUND = {
  path: '/v1/user/profile/background-image',
  field: 'background_image',
  tooLarge: 'Background image must be less than 5MB',
  wrongType: 'Background image must be a JPG, PNG, GIF or WebP file',
  uploaded: 'Background image uploaded successfully',
  uploadFailed: 'Failed to upload background image',
  canceled: 'Background upload canceled',
  removed: 'Background image removed successfully',
  removeFailed: 'Failed to remove background image',
} as const;

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
