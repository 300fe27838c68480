import { UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { RegisterBody } from '@shared/schemas/auth';
import { paths } from '@/config/paths';
import { returnAddress } from '@/lib/return-to';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { applyFieldErrors } from '@/lib/api-client';
import { register as registerAccount } from '@/lib/auth';
import { authStore } from '@/lib/auth-store';
import { isPendingActivation } from '@/lib/support';
import { AuthCard, authLinkClass } from './auth-card';
import { ContactSupportHint } from './contact-support';
import { PasswordField, TextField } from './form-fields';
import { UsernameStatus } from './username-status';
import { suggestUsername } from '@/lib/username';
import { useUsernameCheck } from '@/lib/use-username-check';
import { NAME_MAX, PASSWORD_MIN } from '@shared/constants';
import { lazyResolver } from '@/lib/lazy-resolver';
import { prerenderedValue } from '@/lib/prerendered';
import { words } from '@/lib/i18n';
import { richText } from './rich-text';
import { withSignInWords } from '../lib/signin-words';

const FIELDS = ['name', 'username', 'email', 'password'] as const satisfies readonly (keyof RegisterBody)[];

// Validation (zod and the schema) loads on the form's first focus, outside the screen's first load.
const validation = lazyResolver(() =>
  withSignInWords(import('../lib/auth-form-schemas')).then((module) => module.registerResolver),
);

const t = words('auth');
const tRegister = words('register');
const tSignin = words('signin');

export function RegisterForm() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: validation.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      name: prerenderedValue('name'),
      username: prerenderedValue('username') || suggestUsername(prerenderedValue('name')),
      email: prerenderedValue('email'),
      password: prerenderedValue('password'),
    },
  });

  useEffect(() => () => authStore.setAuthError(null), []);

  // The username follows the name (accents dropped, words joined) until the person types one of
  // their own; emptied, it follows the name again (docs/product.md §2, Register).
  const ownUsername = useRef(prerenderedValue('username') !== '');
  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      const name = event.target.value;
      if (!ownUsername.current && name.length <= NAME_MAX) setValue('username', suggestUsername(name));
    },
  });
  const usernameField = register('username', {
    onChange: (event: { target: { value: string } }) => {
      ownUsername.current = event.target.value !== '';
    },
  });
  const username = (watch('username') ?? '').trim().toLowerCase();
  const check = useUsernameCheck(username);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await registerAccount(values);
      navigate(returnAddress(), { replace: true });
    } catch (caught) {
      // docs/product.md §8: an Error shows its message (the server's, else 'Registration failed'),
      // anything else a generic one.
      const message = caught instanceof Error && caught.message ? caught.message : words('app')('app.unknown_error');
      // A message that a field shows ('This password is too common...') is not said twice.
      const underFields = applyFieldErrors(caught, FIELDS, setFieldError);
      setError(underFields.includes(message) ? null : message);
    }
  });

  const pending = isPendingActivation(error);

  return (
    <AuthCard
      title={tRegister('register.register_title')}
      description={tRegister('register.register_description')}
      footer={richText(tRegister('register.have_account'), [
        (text) => (
          <Link to={paths.login} className={authLinkClass}>
            {text}
          </Link>
        ),
      ])}
    >
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-4">
        {/* The pending answer is English from the API (recognised by it); the words came with the form's checks. */}
        {error && (
          <Alert tone={pending ? 'info' : 'error'}>{pending ? tSignin('signin.registered_pending') : error}</Alert>
        )}
        <TextField
          id="name"
          label={tRegister('register.full_name')}
          autoComplete="name"
          placeholder="Ada Lovelace"
          error={errors.name?.message}
          {...nameField}
        />
        <TextField
          id="username"
          label={tRegister('register.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          placeholder="ada"
          error={errors.username?.message}
          aria-describedby={errors.username ? 'username-error' : 'username-status'}
          {...usernameField}
        />
        <UsernameStatus id="username-status" username={username} check={check} fieldError={Boolean(errors.username)} />
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
        <PasswordField
          id="password"
          label={t('auth.password')}
          autoComplete="new-password"
          placeholder={tRegister('register.new_password_placeholder', { min: PASSWORD_MIN })}
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          <UserPlus className="h-4 w-4" aria-hidden />
          {isSubmitting ? tRegister('register.creating_account') : tRegister('register.create_account')}
        </Button>
        {pending && <ContactSupportHint pending />}
      </form>
    </AuthCard>
  );
}
