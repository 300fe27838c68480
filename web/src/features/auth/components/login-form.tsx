import { LogIn } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { SecondFactorChallenge } from '@shared/types';
import { paths } from '@/config/paths';
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

// The second step is needed only by accounts with a second factor, after the password.
const SecondFactorForm = lazy(() => import('./second-factor-form').then((m) => ({ default: m.SecondFactorForm })));
// The activation dialog (and the dialog library) only for a sign-in pending activation or deactivated.
const ActivationDialog = lazy(() => import('./activation-dialog').then((m) => ({ default: m.ActivationDialog })));

// Validation (zod and the schema) loads on the form's first focus, outside the screen's first load.
const validation = lazyResolver(() => import('../lib/auth-form-schemas').then((module) => module.loginResolver));

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

  const signedIn = () => void navigate(paths.dashboard, { replace: true });

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
    if (isPendingActivation(refused) || isDeactivated(refused)) setActivationOpen(true);
  });

  if (secondFactor) {
    return (
      <Suspense fallback={<p aria-busy="true">Loading...</p>}>
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
      title="Welcome back"
      description="Sign in to manage your digital card."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.register} className={authLinkClass}>
            Create one
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-4">
        {/* While the activation dialog says it, the form does not say it again. */}
        {authError && !activationOpen && (
          <Alert tone={authError === sessionEnded() ? 'info' : 'error'}>{authError}</Alert>
        )}
        <TextField
          id="email"
          label="Email"
          type="email"
          // A browser that offers saved passkeys in the field's suggestions lists them here too.
          autoComplete="username webauthn"
          placeholder="you@example.com"
          error={errors.email?.message}
          onFocus={offerPasskeys}
          {...register('email')}
        />
        <div>
          <PasswordField
            id="password"
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            error={errors.password?.message}
            {...register('password')}
          />
          <div className="mt-2 text-right text-sm">
            <Link to={paths.forgotPassword} className={authLinkClass}>
              Forgot password?
            </Link>
          </div>
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          <LogIn className="h-4 w-4" aria-hidden />
          {isSubmitting ? 'Signing in...' : 'Sign in'}
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
