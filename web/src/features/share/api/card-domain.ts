import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DomainStateAnswer } from '@shared/schemas/domains';
import { api } from '@/lib/api-client';

type Answer = { success: true; data: DomainStateAnswer; message?: string };

/** GET /v1/cards/{id}/domain: whether domains are offered here, and the card's one. */
export const cardDomainQuery = (cardId: string) =>
  queryOptions({
    queryKey: ['card-domain', cardId] as const,
    queryFn: () => api.get<Answer>(`/v1/cards/${cardId}/domain`).then((body) => body.data),
  });

export const useCardDomain = (cardId: string | null) =>
  useQuery({ ...cardDomainQuery(cardId ?? ''), enabled: cardId !== null });

/** POST (add, or move from another of the account's cards) and DELETE; both answer the new state. */
export function useChangeDomain(cardId: string) {
  const queryClient = useQueryClient();
  const store = (body: Answer) => queryClient.setQueryData(cardDomainQuery(cardId).queryKey, body.data);
  const add = useMutation({
    mutationFn: (hostname: string) => api.post<Answer>(`/v1/cards/${cardId}/domain`, { hostname }),
    onSuccess: store,
    // A domain moved here left another card: that card's screen asks again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['card-domain'] }),
  });
  const remove = useMutation({
    mutationFn: () => api.delete<Answer>(`/v1/cards/${cardId}/domain`),
    onSuccess: store,
  });
  return { add, remove };
}
