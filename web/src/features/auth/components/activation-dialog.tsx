import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { isDeactivated, isPendingActivation } from '@/lib/support';
import { words } from '@/lib/i18n';
import { SupportContacts } from './contact-support';

const t = words('signin');

/**
 * Shown when sign-in answers 'pending activation' (docs/product.md §2, /auth/login), or that an
 * operator deactivated the account: each is told which, with the support contacts.
 */
export function ActivationDialog({
  message,
  open,
  onOpenChange,
}: {
  message: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const deactivated = isDeactivated(message);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={deactivated ? t('signin.deactivated_title') : t('signin.activation_title')}
        // The API says these two in English (the app recognises them by it, decision 0075); shown
        // here in the app's language.
        description={
          deactivated
            ? t('signin.deactivated_message')
            : isPendingActivation(message)
              ? t('signin.pending_message')
              : message
        }
      >
        <p className="text-sm font-medium">
          {deactivated ? t('signin.contact_support') : t('signin.contact_activation')}
        </p>
        <SupportContacts className="mt-3" />
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          {deactivated ? t('signin.deactivated_note') : t('signin.activation_note')}
        </p>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('signin.got_it')}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
