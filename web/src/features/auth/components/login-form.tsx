import { LogIn } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { SecondFactorChallenge } from '@shared/types';
import { paths } from '@/config/paths';
import { returnAddress } from '@/lib/return-to';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { login } from '@/lib/auth';
import { authStore, useAuthState } from '@/lib/auth-store';
import { isDeactivated, isPendingActivation } from '@/lib/support';
import { sessionEnded } from '@/lib/session-check';
import { AuthCard, authLinkClass } from './auth-card';
import { ContactSupportHint } from './contact-support';
import { PasswordField, TextField } from './form-fields';
import { offerPasskeyAutofill, stopPasskeyAutofill } from '../api/passkeys-on-demand';
import { PasskeyButton } from './passkey-button';
import { lazyResolver } from '@/lib/lazy-resolver';
import { prerenderedValue } from '@/lib/prerendered';
import { words } from '@/lib/i18n';
import { richText } from './rich-text';
import { withSignInWords } from '../lib/signin-words';
import type * as ActivationDialogModule from './activation-dialog';

// The second step is needed only by accounts with a second factor, after the password.
const SecondFactorForm = lazy(() =>
  withSignInWords(import('./second-factor-form')).then((m) => ({ default: m.SecondFactorForm })),
);
// The activation dialog (and the dialog library) only for a sign-in pending activation or deactivated.
let activationDialog: Promise<typeof ActivationDialogModule> | null = null;
const loadActivationDialog = () =>
  (activationDialog ??= withSignInWords(import('./activation-dialog')).catch((error: unknown) => {
    activationDialog = null;
    throw error;
  }));
const ActivationDialog = lazy(() => loadActivationDialog().then((m) => ({ default: m.ActivationDialog })));

// Validation (zod and the schema) loads on the form's first focus, outside the screen's first load.
const validation = lazyResolver(() =>
  withSignInWords(import('../lib/auth-form-schemas')).then((module) => module.loginResolver),
);

const t = words('auth');
const tLogin = words('login');
const tSignin = words('signin');

// The app's own English messages that this screen shows (the API's come in the app's language),
// and the two refusals the API says in English (decision 0075), whose words came with the form's
// checks before anything was sent.
const said = (message: string) =>
  message === 'Login failed'
    ? t('auth.login_failed')
    : message === 'Authentication failed'
      ? tLogin('login.authentication_failed')
      : isPendingActivation(message)
        ? tSignin('signin.pending_message')
        : isDeactivated(message)
          ? tSignin('signin.deactivated_message')
          : message;

export function LoginForm() {
  const navigate = useNavigate();
  const authError = useAuthState((state) => state.authError);
  const [activationOpen, setActivationOpen] = useState(false);
  const [secondFactor, setSecondFactor] = useState<SecondFactorChallenge | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: validation.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: prerenderedValue('email'), password: prerenderedValue('password') },
  });

  // docs/product.md §2: auth errors are cleared when the screen is left.
  useEffect(() => () => authStore.setAuthError(null), []);

  const signedIn = () => void navigate(returnAddress(), { replace: true });

  // Passkeys among the e-mail field's suggestions, asked for on its first focus (not on load: each
  // offer stores a challenge and counts against the client's ceremonies), once per visit, and
  // ended when the screen is left (docs/decisions/0076-passkey-autofill.md).
  const offered = useRef(false);
  const offerPasskeys = () => {
    if (offered.current) return;
    offered.current = true;
    void offerPasskeyAutofill().then((user) => user && signedIn());
  };
  useEffect(() => stopPasskeyAutofill, []);

  const onSubmit = handleSubmit(async (values) => {
    // One ceremony at a time: the password's sign-in ends the passkey offer.
    stopPasskeyAutofill();
    const result = await login(values);
    if (result && 'secondFactor' in result) return setSecondFactor(result.secondFactor);
    if (result) return signedIn();
    const refused = authStore.get().authError;
    if (!isPendingActivation(refused) && !isDeactivated(refused)) return;
    // The form's alert says the refusal until the dialog, whose code comes only now, can say it:
    // opened at once, the screen showed nothing at all for as long as that code took to arrive
    // (seconds on a slow network). If it cannot be fetched, the alert stays.
    void loadActivationDialog().then(
      () => setActivationOpen(true),
      (error: unknown) => console.error('Could not load the activation dialog', error),
    );
  });

  if (secondFactor) {
    return (
      <Suspense fallback={<p aria-busy="true">{tLogin('login.loading')}</p>}>
        <SecondFactorForm
          challenge={secondFactor}
          onSignedIn={signedIn}
          onRestart={() => {
            resetField('password');
            setSecondFactor(null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthCard
      title={tLogin('login.login_title')}
      description={tLogin('login.login_description')}
      footer={richText(tLogin('login.no_account'), [
        (text) => (
          <Link to={paths.register} className={authLinkClass}>
            {text}
          </Link>
        ),
      ])}
    >
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-4">
        {/* While the activation dialog says it, the form does not say it again. */}
        {authError && !activationOpen && (
          <Alert tone={authError === sessionEnded() ? 'info' : 'error'}>{said(authError)}</Alert>
        )}
        <TextField
          id="email"
          label={t('auth.email')}
          type="email"
          dir="ltr"
          // A browser that offers saved passkeys in the field's suggestions lists them here too.
          autoComplete="username webauthn"
          placeholder={t('auth.email_placeholder')}
          error={errors.email?.message}
          onFocus={offerPasskeys}
          {...register('email')}
        />
        <div>
          <PasswordField
            id="password"
            label={t('auth.password')}
            autoComplete="current-password"
            placeholder={tLogin('login.password_placeholder')}
            error={errors.password?.message}
            {...register('password')}
          />
          <div className="mt-2 text-end text-sm">
            <Link to={paths.forgotPassword} className={authLinkClass}>
              {tLogin('login.forgot_link')}
            </Link>
          </div>
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          <LogIn className="h-4 w-4" aria-hidden />
          {isSubmitting ? tLogin('login.signing_in') : t('auth.sign_in')}
        </Button>
        <PasskeyButton onSignedIn={signedIn} />
        <ContactSupportHint />
      </form>
      {activationOpen && (
        <Suspense fallback={null}>
          <ActivationDialog message={authError ?? ''} open onOpenChange={setActivationOpen} />
        </Suspense>
      )}
    </AuthCard>
  );
}
