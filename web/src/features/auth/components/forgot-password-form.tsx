import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from '@/components/toast';
import { getHref, paths } from '@/config/paths';
import { Button, buttonClass } from '@/components/ui/button';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard, authLinkClass } from './auth-card';
import { TextField } from './form-fields';
import { lazyResolver } from '@/lib/lazy-resolver';
import { prerenderedValue } from '@/lib/prerendered';
import { words } from '@/lib/i18n';
import { richText } from './rich-text';
import { withSignInWords } from '../lib/signin-words';

// Validation (zod and the schema) loads on the form's first focus, outside the screen's first load.
const validation = lazyResolver(() =>
  withSignInWords(import('../lib/auth-form-schemas')).then((module) => module.forgotPasswordResolver),
);

const t = words('auth');
const tForgot = words('forgot');

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
      toast.success(tForgot('forgot.reset_sent'));
      setSentTo(values.email);
    } catch (error) {
      toast.error((error as Error).message);
    }
  });

  if (sentTo) {
    return (
      <AuthCard
        icon={<MailCheck className="h-6 w-6" aria-hidden />}
        title={tForgot('forgot.inbox_title')}
        description={richText(tForgot('forgot.inbox_description', { email: sentTo }), [
          (email) => (
            <strong dir="ltr" className="text-slate-900 dark:text-slate-100">
              {email}
            </strong>
          ),
        ])}
        footer={richText(tForgot('forgot.no_code'), [
          (text) => (
            <button type="button" onClick={() => setSentTo(null)} className={authLinkClass}>
              {text}
            </button>
          ),
        ])}
      >
        <Link to={getHref('verifyOtp', {}, { email: sentTo })} className={buttonClass('primary', 'md') + ' w-full'}>
          {tForgot('forgot.enter_code')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound className="h-6 w-6" aria-hidden />}
      title={tForgot('forgot.forgot_title')}
      description={tForgot('forgot.forgot_description')}
      footer={richText(tForgot('forgot.remembered'), [
        (text) => (
          <Link to={paths.login} className={authLinkClass}>
            {text}
          </Link>
        ),
      ])}
    >
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-4">
        <TextField
          id="email"
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          dir="ltr"
          placeholder={t('auth.email_placeholder')}
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? tForgot('forgot.sending_code') : tForgot('forgot.send_code')}
        </Button>
      </form>
    </AuthCard>
  );
}
