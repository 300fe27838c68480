import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';

/**
 * The app's query cache, for the screens that read the API (the dashboard and the console).
 * Provided there rather than by the app's entry, so the landing and sign-in screens load without
 * the query library (README, Decisions: budgets). A cache provided above (a test's) is kept.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  return given ? children : <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
