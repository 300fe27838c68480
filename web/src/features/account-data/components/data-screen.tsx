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
import { forgetDeletedAccount } from '@/lib/auth';
import { deleteAccount, downloadExport } from '../api/account-data';

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
      <PageHeader title="Your data" subtitle="Download everything your card holds, or delete your account" />
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
      toast.success(`Downloaded ${name}`);
    } catch (error) {
      toast.error(errorMessage(error, 'The export failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export your data</CardTitle>
        <CardDescription>
          One zip file: your profile, links, theme and template as JSON, your statistics as CSV (every day of views,
          unique visitors and clicks, clicks per link, and where visitors came from), your card as a vCard, and your
          avatar and cover images.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => void onExport()} disabled={busy}>
          <Download className="mr-2 h-4 w-4" aria-hidden />
          {busy ? 'Preparing...' : 'Download my data'}
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
      toast.success('Your account has been deleted.');
      // The session goes, and the dashboard's guard takes the person home (not to sign-in) in the
      // same render: navigating first raced the guard, which then sent them to sign-in.
      forgetDeletedAccount();
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : {};
      const shown = Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages[0] ?? '']));
      setErrors(shown);
      if (Object.keys(shown).length === 0) toast.error(errorMessage(error, 'The account could not be deleted.'));
      setBusy(false);
    }
  };

  return (
    <Card className="border-red-200 dark:border-red-900">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          This removes your account, card, links, statistics and images for good. Your card stops working at once and
          your username stays reserved for you for 90 days. Download your data first if you want to keep it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-sm space-y-4">
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <PasswordField
            id="delete-password"
            label="Current password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.current_password}
          />
          {needsCode ? (
            <FormField id="delete-code" label="Code from your authenticator app" error={errors.code}>
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
            <Trash2 className="mr-2 h-4 w-4" aria-hidden />
            {busy ? 'Deleting...' : 'Delete my account'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
