import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/toast';
import type { CardListItem } from '@shared/schemas/cards';
import { paths } from '@/config/paths';
import { FormField } from '@/components/form-field';
import { TextField } from '@/components/text-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { inputClass } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { withCard } from '@/lib/use-card-in-view';
import { words } from '@/lib/i18n';
import { useUsernameCheck } from '@/lib/use-username-check';
import { worthChecking } from '@/lib/username';
import { useCreateCard } from '../api/cards';

const t = words('cards');
const ts = words('shell');
const ta = words('app');

const EMPTY = '';

/**
 * 'New card': its username (checked as it is typed, as on registration), and where it starts: an
 * empty card with a name, or a copy of one of the account's cards (its words, look and links; not
 * its photos, contacts or statistics). Made, it opens on its Profile screen.
 */
export function NewCardDialog({
  open,
  onOpenChange,
  cards,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cards: CardListItem[];
}) {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateCard();
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const [start, setStart] = useState<string>(EMPTY);
  const [errors, setErrors] = useState<{ username?: string; name?: string }>({});
  const check = useUsernameCheck(username);
  const copying = start !== EMPTY;
  const statusId = `${id}-status`;

  const status =
    errors.username || !worthChecking(username) || !check
      ? null
      : check.state === 'available'
        ? { text: t('cards.card_username_free', { username }), ok: true }
        : check.state === 'taken'
          ? { text: t('cards.card_username_taken', { username }), ok: false }
          : { text: check.state === 'invalid' ? check.message : '', ok: false };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!username.trim()) found.username = t('cards.card_username_required');
    if (!copying && !name.trim()) found.name = t('cards.card_name_required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const card = await create.mutateAsync({
        username: username.trim().toLowerCase(),
        ...(copying ? { copy_of: start } : {}),
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      toast.success(t('cards.card_created', { username: card.username }));
      onOpenChange(false);
      void navigate(withCard(paths.profile, card.id));
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : {};
      const shown = { username: fields.username?.[0], name: fields.name?.[0] };
      setErrors(shown);
      if (!shown.username && !shown.name) toast.error(errorMessage(error, t('cards.create_card_failed')));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent title={ts('shell.new_card')} description={t('cards.new_card_text')} hideClose={create.isPending}>
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
          <div>
            <TextField
              id={`${id}-username`}
              label={t('cards.card_username')}
              value={username}
              onChange={(event) => setUsername(event.target.value.trim().toLowerCase())}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              dir="ltr"
              error={errors.username}
              aria-describedby={errors.username ? `${id}-username-error` : statusId}
            />
            <p
              id={statusId}
              role="status"
              className={
                status?.ok
                  ? 'mt-1.5 text-sm text-emerald-700 dark:text-emerald-400'
                  : 'mt-1.5 text-sm text-red-700 dark:text-red-400'
              }
            >
              {status?.text}
            </p>
          </div>
          <FormField id={`${id}-start`} label={t('cards.card_start')}>
            <select
              id={`${id}-start`}
              value={start}
              onChange={(event) => setStart(event.target.value)}
              className={`${inputClass} mt-1.5`}
            >
              <option value={EMPTY}>{t('cards.card_start_empty')}</option>
              {cards.map((card) => (
                <option key={card.id} value={card.id}>
                  {t('cards.card_start_copy', { username: card.username })}
                </option>
              ))}
            </select>
            <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-300">
              {copying ? t('cards.card_copy_hint') : t('cards.card_empty_hint')}
            </p>
          </FormField>
          <TextField
            id={`${id}-name`}
            label={copying ? t('cards.card_name_optional') : t('cards.card_name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="name"
            error={errors.name}
          />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={create.isPending}>
                {ta('app.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('cards.creating_card') : t('cards.create_card')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
