import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { User } from '@shared/types';
import { Button } from '@/components/ui/button';
import { signInWithPasskey } from '../api/second-factor';

const supported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** 'Sign in with a passkey': in place of the password and the second factor. */
export function PasskeyButton({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const [busy, setBusy] = useState(false);
  if (!supported()) return null;
  const start = async () => {
    setBusy(true);
    const user = await signInWithPasskey();
    setBusy(false);
    if (user) onSignedIn(user);
  };
  return (
    <Button variant="outline" className="w-full" disabled={busy} onClick={() => void start()}>
      <KeyRound className="h-4 w-4" aria-hidden />
      {busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </Button>
  );
}
