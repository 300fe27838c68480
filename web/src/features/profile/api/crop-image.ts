import { queryOptions, useMutation } from '@tanstack/react-query';
import type { DataResponse, User } from '@shared/types';
import { api } from '@/lib/api-client';
import { useStoreUser } from './update-profile';
import { IMAGE_RULES, type ImageKind } from '../lib/image-rules';
import type { Box } from '../lib/crop-box';

/** GET .../source: the whole upright image (a small data: URI) to choose the box from. */
export const imageSourceOptions = (kind: ImageKind, stored: string) =>
  queryOptions({
    queryKey: ['image-source', kind, stored] as const,
    queryFn: async () =>
      (await api.get<DataResponse<{ image: string }>>(`${IMAGE_RULES[kind].path}/source`)).data?.image ?? null,
    // The owner's whole photo: kept only while the dialog shows it.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

/** POST .../crop: the server re-cuts the derivatives from the private original. */
export function useCropImage(kind: ImageKind) {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: (box: Box) => api.post<DataResponse<User>>(`${IMAGE_RULES[kind].path}/crop`, box),
    onSuccess: (body) => storeUser(body.data ?? null),
  });
}
