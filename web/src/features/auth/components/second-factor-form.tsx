import { ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { SecondFactorChallenge, User } from '@shared/types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { completeSecondFactor } from '../api/second-factor';
import { AuthCard } from './auth-card';
import { TextField } from './form-fields';
import { words } from '@/lib/i18n';

const t = words('auth');
const ts = words('signin');

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function SecondFactorForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: SecondFactorChallenge;
  onSignedIn: (user: User) => void;
  onRestart: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const label = recovery ? ts('signin.recovery_code') : ts('signin.authentication_code');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!recovery && !/^\d{6}$/.test(value)) return setError(ts('signin.enter_totp'));
    if (recovery && value.length < 10) return setError(ts('signin.enter_recovery'));
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await completeSecondFactor(challenge.token, value));
    } catch (caught) {
      setExpired(caught instanceof ApiError && caught.status === 401);
      setError(errorMessage(caught, t('auth.login_failed')));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={ts('signin.two_factor_title')}
      icon={<ShieldCheck className="h-6 w-6" aria-hidden />}
      description={recovery ? ts('signin.recovery_description') : ts('signin.totp_description')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {error && <Alert>{expired ? ts('signin.two_factor_expired') : error}</Alert>}
        <TextField
          key={label}
          id={`${id}-code`}
          label={label}
          autoComplete="one-time-code"
          dir="ltr"
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={recovery ? 32 : 6}
          placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
        />
        <Button type="submit" className="w-full" disabled={busy || expired}>
          {busy ? ts('signin.verifying') : ts('signin.verify')}
        </Button>
        <div className="flex flex-col items-center gap-2 text-sm sm:flex-row sm:justify-between">
          {challenge.methods.includes('recovery_code') && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setRecovery((value) => !value);
                setCode('');
                setError(null);
              }}
            >
              {recovery ? ts('signin.use_app') : ts('signin.use_recovery')}
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={onRestart}>
            {ts('signin.back_to_sign_in')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
