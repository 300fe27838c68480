import { KeyRound, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/components/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { words } from '@/lib/i18n';
import {
  addPasskey,
  deletePasskey,
  useSecurityMutation,
  type Passkey,
  type Proof,
  type SecurityOverview,
} from '../api/security';
import { ConfirmIdentityDialog } from './confirm-identity-dialog';
import { TextField } from '@/components/text-field';
import { formatDay } from '../lib/describe-session';

const t = words('account');

const supported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Passkeys: sign in with the phone's or computer's lock instead of password and code. */
export function PasskeysCard({ overview }: { overview: SecurityOverview }) {
  const id = useId();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const add = useSecurityMutation(addPasskey);
  const remove = useSecurityMutation(deletePasskey);

  const confirmAdd = async (proof: Proof) => {
    try {
      await add.mutateAsync({ ...proof, name: name.trim() });
    } catch (error) {
      if (error instanceof Error && error.name === 'NotAllowedError')
        throw new Error(t('account.passkey_not_created'), { cause: error });
      throw error;
    }
    setName('');
    toast.success(t('account.passkey_added'));
  };
  const confirmRemove = async (proof: Proof) => {
    if (!removing) return;
    await remove.mutateAsync({ ...proof, id: removing.id });
    toast.success(t('account.passkey_removed'));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.passkeys_title')}</CardTitle>
        <CardDescription>{t('account.passkeys_description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {overview.passkeys.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('account.no_passkeys')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('account.passkeys_title')}>
            {overview.passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p dir="auto" className="truncate font-medium">
                    {passkey.name}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t('account.passkey_dates', {
                      added: formatDay(passkey.created_at, t('account.never')),
                      used: formatDay(passkey.last_used_at, t('account.never')),
                    })}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('account.remove_passkey_label', { name: passkey.name })}
                  onClick={() => setRemoving(passkey)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {supported() ? (
          <Button variant="outline" onClick={() => setAdding(true)}>
            <KeyRound className="h-4 w-4" aria-hidden />
            {t('account.add_passkey')}
          </Button>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('account.no_passkey_support')}</p>
        )}
      </CardContent>
      <ConfirmIdentityDialog
        open={adding}
        onOpenChange={setAdding}
        title={t('account.add_passkey')}
        description={t('account.add_passkey_description')}
        confirmLabel={t('account.add_passkey_confirm')}
        busyLabel={t('account.waiting_device')}
        allowCode={overview.totp_enabled}
        onConfirm={confirmAdd}
      >
        <TextField
          id={`${id}-name`}
          label={t('account.passkey_name')}
          placeholder={t('account.passkey_placeholder')}
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </ConfirmIdentityDialog>
      <ConfirmIdentityDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('account.remove_passkey_title')}
        description={t('account.remove_passkey_description', { name: removing?.name ?? '' })}
        confirmLabel={t('account.remove')}
        busyLabel={t('account.removing')}
        destructive
        allowCode={overview.totp_enabled}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
