import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/toast';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAdminAction } from '../api/admin';

export type ConfirmSpec = {
  /** 'Deactivate @bob?': the question, naming whom it is about. */
  title: string;
  /** What will happen, in a sentence or two. */
  description: string;
  /** The confirming button's words ('Deactivate'). */
  confirm: string;
  /** The reason field's label: who will read it (the audit log; for a takedown, the owner too). */
  reasonLabel: string;
  path: string;
  /** More of the request body than the reason (a takedown's report). */
  body?: Record<string, unknown>;
};

/**
 * 'Are you sure, and why?' before anything in the console that destroys or locks someone out
 * (Reject, Deactivate, Take down, Dismiss, Reset two-factor). Nothing is sent until the operator
 * confirms; the server requires the reason and its message shows beside the field.
 */
export function ConfirmActionDialog({ spec, onClose }: { spec: ConfirmSpec | null; onClose: () => void }) {
  return (
    <Dialog open={spec !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Keyed by what it sends too: two cards of an account share the takedown's path. */}
      {spec ? (
        <ConfirmForm key={`${spec.path} ${JSON.stringify(spec.body ?? {})}`} spec={spec} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function ConfirmForm({ spec, onClose }: { spec: ConfirmSpec; onClose: () => void }) {
  const action = useAdminAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const answer = await action.mutateAsync({ path: spec.path, body: { ...spec.body, reason } });
      toast.success(answer.message);
      onClose();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.errors.reason?.[0] : undefined;
      if (field) setError(field);
      else toast.error(errorMessage(failure, 'The action failed.'));
    }
  };
  return (
    <DialogContent
      title={spec.title}
      description={spec.description}
      hideClose={action.isPending}
      // An address or username is one long word: it wraps rather than push the dialog wider than a phone.
      className="[&_h2]:[overflow-wrap:anywhere]"
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <FormField id={id} label={spec.reasonLabel} error={error}>
          <Textarea
            id={id}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={action.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={action.isPending}>
            {action.isPending ? 'Working...' : spec.confirm}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
