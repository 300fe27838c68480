import { toast } from 'sonner';
import type { Contact } from '@shared/schemas/contacts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { useDeleteContact } from '../api/contacts';

export function DeleteContactDialog({
  contact,
  onOpenChange,
}: {
  contact: Contact | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteContact();
  const confirm = async () => {
    if (!contact) return;
    try {
      await remove.mutateAsync(contact.id);
      toast.success('Contact deleted successfully');
      onOpenChange(false);
    } catch {
      toast.error('Failed to delete contact. Please try again.');
    }
  };
  return (
    <Dialog open={contact !== null} onOpenChange={(open) => !remove.isPending && onOpenChange(open)}>
      <DialogContent
        title="Delete contact"
        description="Are you sure you want to delete this contact?"
        hideClose={remove.isPending}
      >
        {contact && <p className="truncate text-sm font-medium">{contact.name}</p>}
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
