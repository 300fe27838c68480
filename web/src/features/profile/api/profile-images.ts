import { useMutation } from '@tanstack/react-query';
import type { DataResponse, User } from '@shared/types';
import { api, uploadWithProgress, type UploadOptions } from '@/lib/api-client';
import { useStoreUser } from './update-profile';
import { IMAGE_RULES, type ImageKind } from '../lib/image-rules';

/** POST /v1/user/profile/avatar, /cover-image or /logo, multipart, with progress and cancel. */
export function uploadImage(kind: ImageKind, file: File, options: UploadOptions) {
  const form = new FormData();
  form.set(IMAGE_RULES[kind].field, file);
  return uploadWithProgress<DataResponse<User>>(IMAGE_RULES[kind].path, form, options);
}

export const removeImage = (kind: ImageKind) => api.delete<DataResponse<User>>(IMAGE_RULES[kind].path);

export function useRemoveImage(kind: ImageKind) {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: () => removeImage(kind), onSuccess: (body) => storeUser(body.data ?? null) });
}
