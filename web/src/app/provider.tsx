import { useEffect, type ReactNode } from 'react';
import { initializeAuth } from '@/lib/auth';
import { Toaster } from '@/components/toaster';
import { useColorScheme, watchSystemScheme } from '@/lib/color-scheme';

/**
 * App-wide providers: toasts, theme and auth startup. The query cache is the API screens'
 * (app/query-provider.tsx). `authStarted`: the page began the session's check itself, before the
 * app's code had arrived (main.tsx).
 */
export function AppProvider({ children, authStarted = false }: { children: ReactNode; authStarted?: boolean }) {
  const scheme = useColorScheme();
  useEffect(() => watchSystemScheme(), []);
  useEffect(() => {
    if (!authStarted) void initializeAuth();
  }, [authStarted]);
  return (
    <>
      {children}
      <Toaster scheme={scheme} />
    </>
  );
}
