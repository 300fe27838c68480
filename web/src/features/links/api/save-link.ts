import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Link } from '@shared/types';
import { api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';
import { queryKeys } from '@/lib/query-keys';
import { changedLinkFields, type LinkPayload } from '../lib/link-form';

type LinkResponse = { success: boolean; link: Link; message?: string };

export const createLink = (payload: LinkPayload) => api.post<LinkResponse>('/v1/user/links', payload);
export const updateLink = (id: number, payload: Partial<LinkPayload>) =>
  api.put<LinkResponse>(`/v1/user/links/${id}`, payload);
/** 'Undo' after a delete: the link comes back as it was, its id and clicks included. */
export const restoreLink = (id: number) => api.post<LinkResponse>(`/v1/user/links/${id}/restore`, {});

/** docs/product.md §7: saving a link refreshes the profile, public profile and link data. */
export function useInvalidateLinkData() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.links }),
      queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.stats }),
    ]);
}

export function useSaveLink() {
  const invalidate = useInvalidateLinkData();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ editing, payload }: { editing: Link | null; payload: LinkPayload }) =>
      editing === null ? createLink(payload) : updateLink(editing.id, changedLinkFields(editing, payload)),
    // The saved link goes into the list from the answer, and the save is done then: on a bad
    // network the refetch after it may take its retries (seconds) or fail, which must neither keep
    // 'Saving...' up for a link already saved nor leave the list without it.
    onSuccess: (body) => {
      const link = body.link;
      queryClient.setQueryData<Link[]>(queryKeys.links, (links) =>
        links && !links.some((each) => each.id === link.id)
          ? [...links, link]
          : links?.map((each) => (each.id === link.id ? link : each)),
      );
    },
    // After a failure too: a 404 means the link was deleted in another tab, and the list says so.
    // Not awaited, for the reason above.
    onSettled: () => void invalidate(),
  });
}
