import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { accountPath, useAdminAction } from '../api/admin';

/** Takes a card down with a reason, which its owner sees in their dashboard. */
export function TakedownForm({
  accountId,
  username,
  onDone,
}: {
  accountId: string;
  username: string;
  onDone: () => void;
}) {
  const action = useAdminAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `takedown-${accountId}`;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const answer = await action.mutateAsync({ path: accountPath(accountId, 'takedown'), reason });
      toast.success(answer.message);
      onDone();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.errors.reason?.[0] : undefined;
      if (field) setError(field);
      else toast.error(errorMessage(failure, 'The card could not be taken down.'));
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-3 space-y-2">
      <Label htmlFor={id}>{`Reason for taking down @${username} (its owner sees this)`}</Label>
      <Textarea
        id={id}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" size="sm" disabled={action.isPending}>
          Take card down
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
