import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { initializeAuth } from '@/lib/auth';
import { useColorScheme, watchSystemScheme } from '@/lib/color-scheme';
import { queryClient } from '@/lib/query-client';

/** App-wide providers: the query cache, toasts (spec section 9 defaults), theme and auth startup. */
export function AppProvider({ children }: { children: ReactNode }) {
  const scheme = useColorScheme();
  useEffect(() => watchSystemScheme(), []);
  useEffect(() => {
    void initializeAuth();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-right" closeButton duration={4000} visibleToasts={3} gap={14} richColors theme={scheme} />
    </QueryClientProvider>
  );
}
