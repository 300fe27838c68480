import { words } from '@/lib/i18n';
import { Loader2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuthState } from '@/lib/auth-store';
import { mayHaveSession } from '@/lib/cookies';
import { rememberReturn } from '@/lib/return-to';

const t = words('shell');

// docs/product.md §9: the guard gives up waiting for auth after 5 seconds.
export const GUARD_TIMEOUT_MS = 5000;

/**
 * The dashboard guard (docs/product.md §4). `hold` keeps the shell on screen while a failed
 * logout's message is shown, although the local session is already gone.
 */
export function AuthGuard({ children, hold = false }: { children: ReactNode; hold?: boolean }) {
  const [hadSession] = useState(mayHaveSession);
  const state = useAuthState((current) => current);
  const [timedOut, setTimedOut] = useState(false);
  const location = useLocation();

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), GUARD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!hadSession) {
    rememberReturn(location.pathname, location.search);
    return <Navigate to={paths.login} replace />;
  }
  if (state.isLoading && !state.isInitialized && !timedOut) return <Authenticating />;
  if ((!state.isAuthenticated || !state.user) && !hold) {
    if (!state.leftTo) rememberReturn(location.pathname, location.search);
    return <Navigate to={state.leftTo ?? paths.login} replace />;
  }
  return children;
}

function Authenticating() {
  return (
    <div
      role="status"
      className="flex min-h-svh flex-col items-center justify-center gap-3 text-slate-600 dark:text-slate-300"
    >
      <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-hidden />
      <p className="text-sm font-medium">{t('shell.authenticating')}</p>
    </div>
  );
}
