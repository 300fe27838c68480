import { useEffect, type ReactNode } from 'react';
import { initializeAuth } from '@/lib/auth';
import { Toaster } from '@/components/toaster';
import { useColorScheme, watchSystemScheme } from '@/lib/color-scheme';

/** App-wide providers: toasts, theme and auth startup. The query cache is the API screens' (app/query-provider.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  const scheme = useColorScheme();
  useEffect(() => watchSystemScheme(), []);
  useEffect(() => {
    void initializeAuth();
  }, []);
  return (
    <>
      {children}
      <Toaster scheme={scheme} />
    </>
  );
}
