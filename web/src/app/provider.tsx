import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { initializeAuth } from '@/lib/auth';
import { onToastsStarted, toastsStarted } from '@/components/toast';
import { useColorScheme, watchSystemScheme } from '@/lib/color-scheme';

// The toaster and sonner load with the first toast (components/toast.ts), not before the first screen.
const Toaster = lazy(() => import('@/components/toaster').then((module) => ({ default: module.Toaster })));

/**
 * App-wide providers: toasts, theme and auth startup. The query cache is the API screens'
 * (app/query-provider.tsx). `authStarted`: the page began the session's check itself, before the
 * app's code had arrived (main.tsx).
 */
export function AppProvider({ children, authStarted = false }: { children: ReactNode; authStarted?: boolean }) {
  const scheme = useColorScheme();
  const toasting = useSyncExternalStore(onToastsStarted, toastsStarted);
  useEffect(() => watchSystemScheme(), []);
  useEffect(() => {
    if (!authStarted) void initializeAuth();
  }, [authStarted]);
  return (
    <>
      {children}
      {toasting && (
        <Suspense fallback={null}>
          <Toaster scheme={scheme} />
        </Suspense>
      )}
    </>
  );
}
