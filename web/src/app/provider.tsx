import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { initializeAuth } from '@/lib/auth';
import { loadedToasts, loadToasts, onToastsLoaded } from '@/components/toast';
import { useColorScheme, watchSystemScheme } from '@/lib/color-scheme';

/**
 * App-wide providers: toasts, theme and auth startup. The query cache is the API screens'
 * (app/query-provider.tsx). `authStarted`: the page began the session's check itself, before the
 * app's code had arrived (main.tsx).
 */
export function AppProvider({ children, authStarted = false }: { children: ReactNode; authStarted?: boolean }) {
  const scheme = useColorScheme();
  // The toaster and sonner come after the first screen (components/toast.ts): when the page is
  // first idle, or with an earlier toast.
  const toasts = useSyncExternalStore(onToastsLoaded, loadedToasts);
  useEffect(() => watchSystemScheme(), []);
  useEffect(() => {
    if (!authStarted) void initializeAuth();
  }, [authStarted]);
  useEffect(() => {
    const load = () => void loadToasts().catch(() => undefined);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 1000);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(load, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }, []);
  return (
    <>
      {children}
      {toasts ? <toasts.Toaster scheme={scheme} /> : null}
    </>
  );
}
