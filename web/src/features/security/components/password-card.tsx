import { useForm } from 'react-hook-form';
import { toast } from '@/components/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { applyFieldErrors, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { lazyResolver } from '@/lib/lazy-resolver';
import { changePassword, useSecurityMutation } from '../api/security';
import type { PasswordChangeInput, PasswordChangeValues } from '../lib/security-schemas';
import { PasswordField } from '@/components/password-field';

const validation = lazyResolver(() => import('../lib/security-schemas').then((m) => m.passwordChangeResolver));
const t = words('account');
const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** Change password: the current one first; every other session is signed out afterwards. */
export function PasswordCard() {
  const change = useSecurityMutation(changePassword);
  const { register, handleSubmit, setError, reset, formState } = useForm<
    PasswordChangeInput,
    unknown,
    PasswordChangeValues
  >({
    resolver: validation.resolver,
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset();
      toast.success(t('account.password_changed'));
    } catch (error) {
      applyFieldErrors(error, FIELDS, setError);
      if (!FIELDS.some((field) => (error as { errors?: Record<string, unknown> }).errors?.[field])) {
        toast.error(errorMessage(error, t('account.password_change_failed')));
      }
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.password_title')}</CardTitle>
        <CardDescription>{t('account.password_description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} onFocus={validation.preload} noValidate className="space-y-4">
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <PasswordField
            id="current-password"
            label={t('account.current_password')}
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...register('current_password')}
          />
          <PasswordField
            id="new-password"
            label={t('account.new_password')}
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordField
            id="confirm-new-password"
            label={t('account.confirm_new_password')}
            autoComplete="new-password"
            error={errors.password_confirmation?.message}
            {...register('password_confirmation')}
          />
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t('account.changing') : t('account.change_password')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
