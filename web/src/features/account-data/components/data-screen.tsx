import { useQuery } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { DataResponse } from '@shared/types';
import { FormField } from '@/components/form-field';
import { PasswordField } from '@/components/password-field';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { forgetDeletedAccount } from '@/lib/auth';
import { deleteAccount, downloadExport } from '../api/account-data';

const t = words('account');

/** Whether the authenticator-app factor is on (the same overview the Security section reads). */
const useTotpEnabled = () =>
  useQuery({
    queryKey: ['security'] as const,
    queryFn: ({ signal }) =>
      api.get<DataResponse<{ totp_enabled: boolean }>>('/v1/user/security', signal).then((b) => b.data),
    select: (data) => data.totp_enabled,
  });

/** Your data: take everything with you (export), or leave (delete the account). */
export function DataScreen() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={t('account.data_title')} subtitle={t('account.data_subtitle')} />
      <ExportCard />
      <DeleteCard />
    </div>
  );
}

function ExportCard() {
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      const name = await downloadExport();
      toast.success(t('account.downloaded', { name }));
    } catch (error) {
      toast.error(errorMessage(error, t('account.export_failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.export_title')}</CardTitle>
        <CardDescription>{t('account.export_description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => void onExport()} disabled={busy}>
          <Download className="me-2 h-4 w-4" aria-hidden />
          {busy ? t('account.preparing') : t('account.download_data')}
        </Button>
      </CardContent>
    </Card>
  );
}

function DeleteCard() {
  const totp = useTotpEnabled();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const needsCode = totp.data === true || Boolean(errors.code);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await deleteAccount({ current_password: password, ...(code ? { code } : {}) });
      toast.success(t('account.account_deleted'));
      // The session goes, and the dashboard's guard takes the person home (not to sign-in) in the
      // same render: navigating first raced the guard, which then sent them to sign-in.
      forgetDeletedAccount();
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : {};
      const shown = Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages[0] ?? '']));
      setErrors(shown);
      if (Object.keys(shown).length === 0) toast.error(errorMessage(error, t('account.delete_failed')));
      setBusy(false);
    }
  };

  return (
    <Card className="border-red-200 dark:border-red-900">
      <CardHeader>
        <CardTitle>{t('account.delete_title')}</CardTitle>
        <CardDescription>{t('account.delete_description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-sm space-y-4">
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <PasswordField
            id="delete-password"
            label={t('account.current_password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.current_password}
          />
          {needsCode ? (
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
          <Button type="submit" variant="destructive" disabled={busy}>
            <Trash2 className="me-2 h-4 w-4" aria-hidden />
            {busy ? t('account.deleting') : t('account.delete_account')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
