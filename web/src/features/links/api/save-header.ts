import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Link } from '@shared/types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useInvalidateLinkData } from './save-link';

type LinkResponse = { success: boolean; link: Link; message?: string };

/** A header (a title only, docs/product.md §4): added at the end, or its title changed. */
export function useSaveHeader() {
  const invalidate = useInvalidateLinkData();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ editing, title }: { editing: Link | null; title: string }) =>
      editing === null
        ? api.post<LinkResponse>('/v1/user/links', { kind: 'header', title })
        : api.put<LinkResponse>(`/v1/user/links/${editing.id}`, { title }),
    onSuccess: ({ link }) =>
      queryClient.setQueryData<Link[]>(queryKeys.links, (links) =>
        links && !links.some((each) => each.id === link.id)
          ? [...links, link]
          : links?.map((each) => (each.id === link.id ? link : each)),
      ),
    onSettled: () => void invalidate(),
  });
}
