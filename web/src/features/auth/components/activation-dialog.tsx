import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { isDeactivated } from '@/lib/support';
import { SupportContacts } from './contact-support';

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
      <DialogContent title={deactivated ? 'Account Deactivated' : 'Account Activation Required'} description={message}>
        <p className="text-sm font-medium">{deactivated ? 'Contact support:' : 'Contact us for activation:'}</p>
        <SupportContacts className="mt-3" />
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          {deactivated
            ? 'Support can tell you why, and an operator can activate the account again.'
            : 'Our team will guide you through the activation process.'}
        </p>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Got it</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
