import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast';
import type { Link } from '@shared/types';
import { api } from '@/lib/api-client';
import { refusalMessage } from '../lib/refusal';
import { words } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

const t = words('links');

/** A row's Active switch: shown at once, saved with PUT /v1/user/links/{id}, put back on failure. */
export function useToggleLink() {
  const queryClient = useQueryClient();
  const setActive = (id: number, isActive: boolean) =>
    queryClient.setQueryData<Link[]>(queryKeys.links, (links) =>
      links?.map((link) => (link.id === id ? { ...link, is_active: isActive } : link)),
    );
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      api.put(`/v1/user/links/${id}`, { is_active: isActive }),
    onMutate: async ({ id, isActive }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.links });
      setActive(id, isActive);
    },
    onError: (error, { id, isActive }) => {
      setActive(id, !isActive);
      // The server's reason when it gives one (an organisation that requires a link on the card).
      toast.error(refusalMessage(error, t('links.update_failed')));
      // A 404 means the link was deleted in another tab: read the list as stored.
      void queryClient.invalidateQueries({ queryKey: queryKeys.links });
    },
  });
}
