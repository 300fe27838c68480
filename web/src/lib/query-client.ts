import { hashKey, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { authStore } from './auth-store';
import { cardInView, forgetCardInView } from './card-in-view';

/**
 * A failed read is tried again (up to three times) only when another try can help: a network
 * failure or a 5xx. A 4xx answer will not change, so its error shows at once.
 */
export const retryReads = (failureCount: number, error: unknown) =>
  failureCount < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

// docs/product.md §9: stale 5 minutes, garbage collection 30 minutes, no refetch on focus or mount.
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 30 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        retry: retryReads,
        // Each card's answers apart (card-in-view.ts): the same key on another card is another
        // entry, so switching cards never shows the previous card's profile, links or figures.
        queryKeyHashFn: (queryKey) => hashKey([cardInView(), ...queryKey]),
      },
      // docs/product.md §8: a call without an answer is rejected. TanStack's default ('online')
      // holds a change while the phone says it is offline: 'Saving...' with no end and an
      // optimistic toggle or delete shown as done, then sent unasked when the signal comes back.
      // Sent at once instead, it fails with the screen's documented words and the form kept.
      mutations: { networkMode: 'always' },
    },
  });

/**
 * With data kept 5 minutes and never refetched on mount, one account's profile, links and
 * statistics would still show after signing in as another in the same tab. So the cache is
 * emptied when the signed-in user goes (logout, a failed refresh) and reset when another user
 * takes their place (the active screens refetch). Signing in from signed out finds it empty.
 */
export function isolateAccounts(client: QueryClient) {
  let current = authStore.get().user?.id ?? null;
  return authStore.subscribe(() => {
    const next = authStore.get().user?.id ?? null;
    const previous = current;
    current = next;
    if (previous === null || next === previous) return;
    // The card in view was the previous account's.
    forgetCardInView();
    if (next === null) client.clear();
    else void client.resetQueries();
  });
}

export const queryClient = createQueryClient();
isolateAccounts(queryClient);
