import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export const cardsQueryOptions = () =>
  queryOptions({
    queryKey: cardsQueryKey,
    queryFn: ({ signal }) => getData('/v1/cards', t('shell.cards_failed'), isCardList, signal),
    // The figures beside each card move with every visit: read anew when the list is shown again.
    staleTime: 30_000,
  });

/** The list, asked for only while someone is signed in (the shell stays a moment after logout). */
export const useCards = () => {
  const signedIn = useAuthState((state) => state.isAuthenticated);
  return useQuery({ ...cardsQueryOptions(), enabled: signedIn });
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
