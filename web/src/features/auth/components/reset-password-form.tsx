import { CheckCircle2, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/components/toast';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { INVALID_TOKEN, resetPassword } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { PasswordField } from './form-fields';
import { lazyResolver } from '@/lib/lazy-resolver';
import { words } from '@/lib/i18n';
import { withSignInWords } from '../lib/signin-words';

// Validation (zod and the schema) loads on the form's first focus, outside the screen's first load.
const validation = lazyResolver(() =>
  withSignInWords(import('../lib/auth-form-schemas')).then((module) => module.resetPasswordResolver),
);

const t = words('auth');
const ts = words('signin');

export function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: validation.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email, token, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await resetPassword(values);
      toast.success(ts('signin.reset_done_toast'));
      setDone(true);
    } catch (caught) {
      const message = (caught as Error).message;
      toast.error(message);
      // docs/product.md §8: a spent or expired token sends the user back to request a new code.
      if (message === INVALID_TOKEN) return navigate(paths.forgotPassword, { replace: true });
      setError(message);
    }
  });

  if (done) {
    return (
      <AuthCard
        icon={<CheckCircle2 className="h-6 w-6" aria-hidden />}
        title={ts('signin.reset_done_title')}
        description={ts('signin.reset_done_description')}
      >
        <Link to={paths.login} className={buttonClass('primary', 'md') + ' w-full'}>
          {t('auth.sign_in')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<LockKeyhole className="h-6 w-6" aria-hidden />}
      title={ts('signin.reset_title')}
      description={ts('signin.reset_description')}
    >
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-4">
        {error && <Alert>{error}</Alert>}
        <input type="hidden" {...register('email')} />
        <input type="hidden" {...register('token')} />
        <FieldError id="email-error" message={errors.email?.message} />
        <FieldError id="token-error" message={errors.token?.message} />
        <PasswordField
          id="password"
          label={ts('signin.new_password')}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          id="password_confirmation"
          label={ts('signin.confirm_password')}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? ts('signin.resetting') : ts('signin.reset_button')}
        </Button>
      </form>
    </AuthCard>
  );
}
