import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { User } from '@shared/types';
import { Button } from '@/components/ui/button';
import { words } from '@/lib/i18n';
import { signInWithPasskey } from '../api/passkeys-on-demand';

const t = words('login');

// Drawn at build time too (window is not there then), so the prerendered sign-in page has the
// button before the app loads; web/src/auth-boot.ts takes it away where passkeys are unsupported.
const unsupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential !== 'function';

/** 'Sign in with a passkey': in place of the password and the second factor. */
export function PasskeyButton({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const [busy, setBusy] = useState(false);
  if (unsupported()) return null;
  const start = async () => {
    setBusy(true);
    const user = await signInWithPasskey();
    setBusy(false);
    if (user) onSignedIn(user);
  };
  return (
    <Button variant="outline" className="w-full" data-passkey="" disabled={busy} onClick={() => void start()}>
      <KeyRound className="h-4 w-4" aria-hidden />
      {busy ? t('login.passkey_waiting') : t('login.passkey_sign_in')}
    </Button>
  );
}
