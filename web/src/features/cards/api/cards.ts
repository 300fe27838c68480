import { hashKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardListItem, CardSummary } from '@shared/schemas/cards';
import { api, getData } from '@/lib/api-client';
import { useAuthState } from '@/lib/auth-store';
import { currentUserQueryKey } from '@/lib/current-user';
import { words } from '@/lib/i18n';

const t = words('shell');

// The account's cards (docs/decisions/0091-cards-apart-from-accounts.md): GET/POST /v1/cards,
// DELETE /v1/cards/{id}, POST /v1/cards/{id}/primary.

export type CardList = { cards: CardListItem[]; limit: number };

export const cardsQueryKey = ['cards'] as const;

const isCardList = (data: unknown): data is CardList =>
  typeof data === 'object' && data !== null && Array.isArray((data as CardList).cards);

/**
 * The list (the header's), or with each card's views and clicks (the overview's: they cost the
 * server a read per card, so only the screen that shows them asks). The account's, whichever card
 * is in view: one cache entry for every card (query-client.ts hashes other keys per card).
 */
export const cardsQueryOptions = ({ counts = false } = {}) =>
  queryOptions({
    queryKey: [...cardsQueryKey, counts ? 'counts' : 'list'],
    queryFn: ({ signal }) =>
      getData(counts ? '/v1/cards?counts=true' : '/v1/cards', t('shell.cards_failed'), isCardList, signal),
    queryKeyHashFn: hashKey,
    // The figures move with every visit: read anew when the overview is shown again.
    ...(counts ? { staleTime: 30_000 } : {}),
  });

/** The list, asked for only while someone is signed in (the shell stays a moment after logout). */
export const useCards = (options: { counts?: boolean } = {}) => {
  const signedIn = useAuthState((state) => state.isAuthenticated);
  return useQuery({ ...cardsQueryOptions(options), enabled: signedIn });
};

export type NewCard = { username: string; name?: string; copy_of?: string };

export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCard) => api.post<{ data: CardSummary }>('/v1/cards', body).then((answer) => answer.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, username }: { id: string; username: string }) =>
      api.delete(`/v1/cards/${encodeURIComponent(id)}`, { username }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
  });
}

export function useMakePrimary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ data: CardSummary }>(`/v1/cards/${encodeURIComponent(id)}/primary`).then((answer) => answer.data),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cardsQueryKey });
      // The primary card is the one the address names when it names none.
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
