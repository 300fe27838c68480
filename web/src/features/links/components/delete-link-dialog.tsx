import { toast } from 'sonner';
import type { Link } from '@shared/types';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { useDeleteLink } from '../api/delete-link';

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

  const confirm = async () => {
    if (!link) return;
    const toastId = toast.loading('Deleting link...');
    try {
      await remove.mutateAsync(link.id);
      toast.success('Link deleted successfully', { id: toastId });
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
