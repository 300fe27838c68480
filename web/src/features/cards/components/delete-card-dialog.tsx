import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/toast';
import type { CardListItem } from '@shared/schemas/cards';
import { TextField } from '@/components/text-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/lazy-dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useDeleteCard } from '../api/cards';

const t = words('cards');
const ts = words('shell');
const ta = words('app');

/**
 * Deleting a card asks for its username typed again (a card goes with its links, contacts, images
 * and statistics, and there is no undo); its address stays held for 90 days.
 */
export function DeleteCardDialog({
  card,
  onOpenChange,
  onDeleted,
}: {
  card: CardListItem | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: (card: CardListItem) => void;
}) {
  const id = useId();
  const remove = useDeleteCard();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const matches = card !== null && typed.trim().toLowerCase() === card.username;

  const close = (open: boolean) => {
    if (remove.isPending) return;
    if (!open) {
      setTyped('');
      setError(undefined);
    }
    onOpenChange(open);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!card) return;
    if (!matches) {
      setError(t('cards.delete_card_mismatch'));
      return;
    }
    try {
      await remove.mutateAsync({ id: card.id, username: typed.trim().toLowerCase() });
      toast.success(t('cards.card_deleted', { username: card.username }));
      setTyped('');
      onDeleted(card);
    } catch (caught) {
      const field = caught instanceof ApiError ? caught.errors.username?.[0] : undefined;
      if (field) setError(field);
      else toast.error(errorMessage(caught, t('cards.delete_card_failed')));
    }
  };

  return (
    <Dialog open={card !== null} onOpenChange={close}>
      <DialogContent
        title={t('cards.delete_card_title', { username: card?.username ?? '' })}
        description={t('cards.delete_card_text')}
        hideClose={remove.isPending}
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
          <TextField
            id={`${id}-confirm`}
            label={t('cards.delete_card_type', { username: card?.username ?? '' })}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(undefined);
            }}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
            error={error}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={remove.isPending} onClick={() => close(false)}>
              {ta('app.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending || !matches}>
              {remove.isPending ? ts('shell.deleting') : t('cards.delete_card')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
