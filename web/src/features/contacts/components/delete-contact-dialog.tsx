import { toast } from '@/components/toast';
import type { Contact } from '@shared/schemas/contacts';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { words } from '@/lib/i18n';
import { useDeleteContact } from '../api/contacts';

const t = words('stats');

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
      toast.success(t('stats.deleted'));
      onOpenChange(false);
    } catch {
      toast.error(t('stats.delete_failed'));
    }
  };
  return (
    <ConfirmDeleteDialog
      open={contact !== null}
      title={t('stats.delete_title')}
      description={t('stats.delete_text')}
      itemName={contact?.name ?? null}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onOpenChange={onOpenChange}
    />
  );
}
