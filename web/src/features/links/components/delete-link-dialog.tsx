import { toast } from 'sonner';
import type { Link } from '@shared/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { useDeleteLink } from '../api/delete-link';

/** Spec section 4: deleting asks 'Are you sure you want to delete this link?' first. */
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
    <Dialog open={link !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <DialogContent
        title="Delete link"
        description="Are you sure you want to delete this link?"
        hideClose={remove.isPending}
      >
        {link && <p className="truncate text-sm font-medium">{link.title}</p>}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => void confirm()} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
