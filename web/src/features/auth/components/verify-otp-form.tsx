import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/components/toast';
import { OTP_RESEND_SECONDS } from '@shared/constants';
import { getHref, paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { requestPasswordReset, verifyOtp } from '../api/password-reset';
import { formatCountdown, useCountdown } from '../use-countdown';
import { AuthCard, authLinkClass } from './auth-card';
import { OtpInput } from './otp-input';
import { lazyResolver } from '@/lib/lazy-resolver';
import { words } from '@/lib/i18n';
import { richText } from './rich-text';
import { withSignInWords } from '../lib/signin-words';

// Validation (zod and the schema) loads on the form's first focus, outside the screen's first load.
const validation = lazyResolver(() =>
  withSignInWords(import('../lib/auth-form-schemas')).then((module) => module.verifyOtpResolver),
);

const t = words('signin');

export function VerifyOtpForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const { seconds, restart } = useCountdown(OTP_RESEND_SECONDS);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: validation.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email, otp: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const token = await verifyOtp(values);
      toast.success(t('signin.otp_verified'));
      navigate(getHref('resetPassword', {}, { email: values.email, token }));
    } catch (caught) {
      const message = (caught as Error).message;
      setError(message);
      toast.error(message);
    }
  });

  const resend = async () => {
    setResending(true);
    try {
      await requestPasswordReset({ email }, t('signin.resend_failed'));
      toast.success(t('signin.code_resent'));
      restart();
    } catch {
      toast.error(t('signin.resend_failed'));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard
      icon={<ShieldCheck className="h-6 w-6" aria-hidden />}
      title={t('signin.verify_title')}
      description={
        email
          ? richText(t('signin.verify_description', { email }), [
              (text) => (
                <strong dir="ltr" className="break-all text-slate-900 dark:text-slate-100">
                  {text}
                </strong>
              ),
            ])
          : t('signin.verify_description_plain')
      }
      footer={
        <Link to={paths.forgotPassword} className={authLinkClass}>
          {t('signin.different_email')}
        </Link>
      }
    >
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-4">
        {error && <Alert>{error}</Alert>}
        <input type="hidden" {...register('email')} />
        <FieldError id="email-error" message={errors.email?.message} />
        <Controller
          control={control}
          name="otp"
          render={({ field }) => (
            <OtpInput
              onChange={field.onChange}
              invalid={Boolean(errors.otp)}
              describedBy={errors.otp ? 'otp-error' : undefined}
              disabled={isSubmitting}
            />
          )}
        />
        <FieldError id="otp-error" message={errors.otp?.message} />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('signin.verifying') : t('signin.verify_code')}
        </Button>
        <div className="text-center text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {seconds > 0 ? (
            <p>
              {richText(t('signin.resend_in', { time: formatCountdown(seconds) }), [
                (text) => <span className="font-medium tabular-nums">{text}</span>,
              ])}
            </p>
          ) : (
            <Button variant="ghost" size="sm" onClick={resend} disabled={resending || !email}>
              {resending ? t('signin.sending') : t('signin.resend_code')}
            </Button>
          )}
        </div>
      </form>
    </AuthCard>
  );
}
