import { toast } from 'sonner';
import type { Link } from '@shared/types';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { useDeleteLink } from '../api/delete-link';
import { errorMessage } from '@/lib/api-client';
import { restoreLink, useInvalidateLinkData } from '../api/save-link';

/** docs/product.md §4: deleting asks 'Are you sure you want to delete this link?' first. */
export function DeleteLinkDialog({
  link,
  onOpenChange,
  onDeleted,
}: {
  link: Link | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: (id: number) => void;
}) {
  const remove = useDeleteLink();
  const invalidate = useInvalidateLinkData();

  // Undo puts the link back as it was: its place in the order, its settings, its id and so its
  // clicks (the server keeps a deleted link for ten minutes).
  const restore = async (deleted: Link) => {
    try {
      await restoreLink(deleted.id);
      await invalidate();
      toast.success('Link restored');
    } catch (error) {
      toast.error('Failed to restore the link.', { description: errorMessage(error, 'Please add it again.') });
    }
  };

  const confirm = async () => {
    if (!link) return;
    const toastId = toast.loading('Deleting link...');
    try {
      await remove.mutateAsync(link.id);
      const deleted = link;
      toast.success('Link deleted successfully', {
        id: toastId,
        action: { label: 'Undo', onClick: () => void restore(deleted) },
      });
      onDeleted(link.id);
      onOpenChange(false);
    } catch {
      toast.error('Failed to delete link. Please try again.', { id: toastId });
    }
  };

  return (
    <ConfirmDeleteDialog
      open={link !== null}
      title="Delete link"
      description="Are you sure you want to delete this link?"
      itemName={link?.title ?? null}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onOpenChange={onOpenChange}
    />
  );
}
