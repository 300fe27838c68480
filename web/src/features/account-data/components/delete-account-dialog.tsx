import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/toast';
import { FormField } from '@/components/form-field';
import { PasswordField } from '@/components/password-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Dialog, DialogContent } from '@/components/ui/lazy-dialog';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCards } from '@/lib/cards-query';
import { forgetDeletedAccount } from '@/lib/auth';
import { words } from '@/lib/i18n';
import { deleteAccount } from '../api/account-data';

const t = words('account');
const ta = words('app');

/**
 * The last question before the account goes (docs/operating.md, Deleting an account): what goes,
 * named (each card by its username, their links, statistics, images and contacts, the sign-in),
 * and the password (with the authenticator's code when that factor is on) typed to confirm.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  needsCode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  needsCode: boolean;
}) {
  const navigate = useNavigate();
  // The account's cards, each named as it goes: the header's card switcher has read the list.
  const cards = useCards();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const askCode = needsCode || Boolean(errors.code);
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (deleted.current) forgetDeletedAccount();
    },
    [],
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await deleteAccount({ current_password: password, ...(code ? { code } : {}) });
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : {};
      const shown = Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages[0] ?? '']));
      setErrors(shown);
      if (Object.keys(shown).length === 0) toast.error(errorMessage(error, t('account.delete_failed')));
      setBusy(false);
      return;
    }
    toast.success(t('account.account_deleted'));
    // Home first, the session after: the router keeps this screen up while the landing page's code
    // arrives, where clearing the session first left the guard drawing nothing (a blank, white
    // screen) until it had. The session goes once home has replaced the dashboard (this dialog's
    // unmounting, below), so the guard, gone with it, neither blanks the page nor sends the person
    // to sign-in.
    deleted.current = true;
    try {
      await navigate(paths.home, { replace: true });
    } catch {
      forgetDeletedAccount();
    }
  };

  // Work cards are not deleted: they go back to their organisations (docs/product.md, Organisations).
  const names = cards.data?.cards.filter((card) => !card.org_id).map((card) => `@${card.username}`);
  const work = (cards.data?.cards ?? [])
    .filter((card) => card.org_id)
    .map((card) => `@${card.username}`)
    .join(', ');
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent title={t('account.delete_confirm_title')} hideClose={busy}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
            <p>{t('account.delete_confirm_intro')}</p>
            <ul className="list-disc space-y-1 ps-5">
              <li>
                {names && names.length > 0 ? (
                  <>
                    {t('account.delete_confirm_cards', { count: names.length })}{' '}
                    {names.map((name, index) => (
                      <span key={name}>
                        {index > 0 ? ', ' : null}
                        <bdi className="font-medium">{name}</bdi>
                      </span>
                    ))}
                  </>
                ) : (
                  t('account.delete_confirm_every_card')
                )}
              </li>
              {work && <li>{t('account.delete_work_cards', { cards: work })}</li>}
              <li>{t('account.delete_confirm_content')}</li>
              <li>{t('account.delete_confirm_signin')}</li>
            </ul>
            <p>{t('account.delete_confirm_password')}</p>
          </div>
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <PasswordField
            id="delete-password"
            label={t('account.current_password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.current_password}
          />
          {askCode ? (
            <FormField id="delete-code" label={t('account.authenticator_code')} error={errors.code}>
              <Input
                id="delete-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-invalid={Boolean(errors.code)}
                aria-describedby={errors.code ? 'delete-code-error' : undefined}
              />
            </FormField>
          ) : null}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
              {ta('app.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy || password === ''}>
              <Trash2 className="me-2 h-4 w-4" aria-hidden />
              {busy ? t('account.deleting') : t('account.delete_account')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
