import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast';
import type { Link } from '@shared/types';
import { api } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

const t = words('links');

/**
 * The links in a new order (drag and drop): shown at once, saved with PUT /v1/user/links/order,
 * and put back as they were, with a toast, when the save fails, then read afresh.
 */
export function useReorderLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.put<{ data: Link[] }>('/v1/user/links/order', { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.links });
      const before = queryClient.getQueryData<Link[]>(queryKeys.links);
      if (before) {
        const position = new Map(ids.map((id, order) => [id, order]));
        queryClient.setQueryData<Link[]>(
          queryKeys.links,
          before.map((link) => ({ ...link, display_order: position.get(link.id) ?? link.display_order })),
        );
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.links, context.before);
      toast.error(t('links.reorder_failed'));
      // The usual refusal is a list gone stale (a link added or deleted in another tab): the
      // screen then shows the links as stored, so the next drag starts from the truth.
      void queryClient.invalidateQueries({ queryKey: queryKeys.links });
    },
    onSuccess: (body) => {
      if (Array.isArray(body.data)) queryClient.setQueryData(queryKeys.links, body.data);
    },
  });
}
