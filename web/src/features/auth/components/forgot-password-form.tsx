import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { getHref, paths } from '@/config/paths';
import { Button, buttonClass } from '@/components/ui/button';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard, authLinkClass } from './auth-card';
import { TextField } from './form-fields';
import { lazyResolver } from '@/lib/lazy-resolver';
import { prerenderedValue } from '@/lib/prerendered';

// Validation (zod and the schema) loads on the form's first focus, outside the screen's first load.
const validation = lazyResolver(() =>
  import('../lib/auth-form-schemas').then((module) => module.forgotPasswordResolver),
);

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: validation.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: prerenderedValue('email') },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestPasswordReset(values);
      toast.success('Password reset instructions sent to your email');
      setSentTo(values.email);
    } catch (error) {
      toast.error((error as Error).message);
    }
  });

  if (sentTo) {
    return (
      <AuthCard
        icon={<MailCheck className="h-6 w-6" aria-hidden />}
        title="Check your inbox"
        description={
          <>
            We sent a 6-digit code to <strong className="text-slate-900 dark:text-slate-100">{sentTo}</strong>. Enter it
            to choose a new password.
          </>
        }
        footer={
          <>
            Didn&apos;t get the code? Check your spam folder or{' '}
            <button type="button" onClick={() => setSentTo(null)} className={authLinkClass}>
              try again
            </button>
            .
          </>
        }
      >
        <Link to={getHref('verifyOtp', {}, { email: sentTo })} className={buttonClass('primary', 'md') + ' w-full'}>
          Enter the code
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound className="h-6 w-6" aria-hidden />}
      title="Forgot your password?"
      description="Enter your email address and we'll send you a 6-digit code to reset it."
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.login} className={authLinkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-4">
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending code...' : 'Send code'}
        </Button>
      </form>
    </AuthCard>
  );
}
