import { useEffect, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { initializeAuth } from '@/lib/auth';
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
      <Toaster position="top-right" closeButton duration={4000} visibleToasts={3} gap={14} richColors theme={scheme} />
    </>
  );
}
