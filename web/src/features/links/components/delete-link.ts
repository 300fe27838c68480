import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast';
import type { Link } from '@shared/types';
import { UNDO_MS, undoToast } from '@/components/undo-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { useDeleteLink } from '../api/delete-link';
import { restoreLink, useInvalidateLinkData } from '../api/save-link';
import { refusalMessage } from '../lib/refusal';

const t = words('links');

/**
 * Deleting a link (decision 74): at once, with no question first, since 'Undo' in the toast puts it
 * back as it was (its place, its settings, its id and so its clicks; the server keeps a deleted
 * link for ten minutes). The row leaves the list as soon as it is asked for.
 */
export function useDeleteLinkWithUndo() {
  const remove = useDeleteLink();
  const invalidate = useInvalidateLinkData();
  const queryClient = useQueryClient();

  const restore = async (deleted: Link) => {
    try {
      await restoreLink(deleted.id);
      await invalidate();
      toast.success(t('links.restored'));
    } catch (error) {
      // No answer, or a proxy's 5xx/timeout: the server still keeps the link (ten minutes) and a
      // repeated restore is harmless, so the Undo is offered again instead of 'add it again'.
      if (!(error instanceof ApiError) || error.status >= 500 || error.status === 408 || error.status === 429) {
        toast.error(t('links.restore_failed'), {
          description: t('links.restore_kept'),
          action: { label: t('links.restore_retry'), onClick: () => void restore(deleted) },
          duration: UNDO_MS,
        });
      } else {
        toast.error(t('links.restore_failed'), { description: errorMessage(error, t('links.add_again')) });
      }
    }
  };

  return async (link: Link) => {
    queryClient.setQueryData<Link[]>(queryKeys.links, (links) => links?.filter((item) => item.id !== link.id));
    // docs/product.md §8: 'Deleting link...' while the server is asked, then its answer in its place.
    const toastId = toast.loading(t('links.deleting'));
    try {
      await remove.mutateAsync(link.id);
      undoToast(t('links.deleted'), () => void restore(link), { id: toastId });
    } catch (error) {
      // Only this link comes back (the list is sorted by display_order): a copy of the whole list
      // from before would also bring back another link deleted meanwhile on a slow network.
      queryClient.setQueryData<Link[]>(queryKeys.links, (links) =>
        links && !links.some((item) => item.id === link.id) ? [...links, link] : links,
      );
      // The server's reason when it gives one (an organisation that requires a link on the card).
      toast.error(refusalMessage(error, t('links.delete_failed')), { id: toastId });
    }
  };
}
