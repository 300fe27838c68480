import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { applyFieldErrors, errorMessage } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';
import { words } from '@/lib/i18n';
import { lazyResolver } from '@/lib/lazy-resolver';
import { richWords } from '@/lib/rich-words';
import { expireCachedProfile } from '@/lib/profile-cache';
import { confirmEmailChange, requestEmailChange, useSecurityMutation } from '../api/security';
import type { EmailConfirmInput, EmailStartInput, EmailStartValues } from '../lib/security-schemas';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';

const t = words('account');

const startValidation = lazyResolver(() => import('../lib/security-schemas').then((m) => m.emailStartResolver));
const confirmValidation = lazyResolver(() => import('../lib/security-schemas').then((m) => m.emailConfirmResolver));

function failed(error: unknown, fallback: string, handled: boolean) {
  if (!handled) toast.error(errorMessage(error, fallback));
}

/** Change e-mail: a 6-digit code goes to the new address; the address changes when it comes back. */
export function EmailCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const start = useSecurityMutation(requestEmailChange);
  const confirm = useSecurityMutation(confirmEmailChange);
  const startForm = useForm<EmailStartInput, unknown, EmailStartValues>({
    resolver: startValidation.resolver,
    defaultValues: { email: '', current_password: '' },
  });
  const confirmForm = useForm<EmailConfirmInput>({ resolver: confirmValidation.resolver, defaultValues: { code: '' } });

  const send = startForm.handleSubmit(async (values) => {
    try {
      const body = await start.mutateAsync(values);
      setPending(body.data.email);
      startForm.reset();
      toast.success(body.message ?? t('account.code_sent'));
    } catch (error) {
      applyFieldErrors(error, ['email', 'current_password'] as const, startForm.setError);
      failed(
        error,
        t('account.send_code_failed'),
        Boolean(startForm.formState.errors.email || startForm.formState.errors.current_password),
      );
    }
  });
  const verify = confirmForm.handleSubmit(async ({ code }) => {
    try {
      await confirm.mutateAsync(code);
      setPending(null);
      confirmForm.reset();
      expireCachedProfile();
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast.success(t('account.email_updated'));
    } catch (error) {
      applyFieldErrors(error, ['code'] as const, confirmForm.setError);
      const other = (error as { errors?: Record<string, string[]> }).errors?.email?.[0];
      if (other) confirmForm.setError('code', { type: 'server', message: other });
      else failed(error, t('account.email_change_failed'), Boolean(confirmForm.formState.errors.code));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.email_title')}</CardTitle>
        <CardDescription>
          {richWords((values) => t('account.signed_in_with', values), {
            email: (
              <span dir="ltr" className="font-medium text-slate-900 dark:text-slate-100">
                {email}
              </span>
            ),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {pending ? (
          <form
            onSubmit={(event) => void verify(event)}
            onFocus={confirmValidation.preload}
            noValidate
            className="space-y-4"
          >
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {richWords((values) => t('account.code_sent_to', values), {
                email: (
                  <span dir="ltr" className="font-medium">
                    {pending}
                  </span>
                ),
              })}
            </p>
            <TextField
              id="email-code"
              label={t('account.verification_code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={confirmForm.formState.errors.code?.message}
              {...confirmForm.register('code')}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={confirmForm.formState.isSubmitting}>
                {confirmForm.formState.isSubmitting ? t('account.confirming') : t('account.confirm_email')}
              </Button>
              <Button variant="outline" onClick={() => setPending(null)}>
                {t('account.use_different_email')}
              </Button>
            </div>
          </form>
        ) : (
          <form
            onSubmit={(event) => void send(event)}
            onFocus={startValidation.preload}
            noValidate
            className="space-y-4"
          >
            <TextField
              id="new-email"
              label={t('account.new_email')}
              type="email"
              autoComplete="email"
              error={startForm.formState.errors.email?.message}
              {...startForm.register('email')}
            />
            <PasswordField
              id="email-current-password"
              label={t('account.current_password')}
              autoComplete="current-password"
              error={startForm.formState.errors.current_password?.message}
              {...startForm.register('current_password')}
            />
            <Button type="submit" disabled={startForm.formState.isSubmitting}>
              {startForm.formState.isSubmitting ? t('account.sending') : t('account.send_code')}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
