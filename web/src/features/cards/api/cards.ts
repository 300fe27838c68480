import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardSummary } from '@shared/schemas/cards';
import { api } from '@/lib/api-client';
import { cardsQueryKey } from '@/lib/cards-query';
import { currentUserQueryKey } from '@/lib/current-user';

// Changes to the account's cards (docs/decisions/0091-cards-apart-from-accounts.md): POST
// /v1/cards, DELETE /v1/cards/{id}, POST /v1/cards/{id}/primary. The list is lib/cards-query.ts.

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
