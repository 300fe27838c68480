import { toast } from 'sonner';
import type { Contact } from '@shared/schemas/contacts';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
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
    <ConfirmDeleteDialog
      open={contact !== null}
      title="Delete contact"
      description="Are you sure you want to delete this contact?"
      itemName={contact?.name ?? null}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onOpenChange={onOpenChange}
    />
  );
}
