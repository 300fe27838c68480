import { words } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';

const t = words('app');
const ts = words('shell');

/**
 * 'Are you sure?' before deleting one thing: its name, Cancel and Delete ('Deleting...' while
 * the call runs, when the dialog cannot be dismissed).
 */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  itemName,
  pending,
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  title: string;
  description: string;
  itemName: string | null;
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent title={title} description={description} hideClose={pending}>
        {itemName !== null && <p className="truncate text-sm font-medium">{itemName}</p>}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {t('app.cancel')}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? ts('shell.deleting') : ts('shell.delete')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
