import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, TokenScope } from '@shared/schemas/tokens';
import type { DataResponse } from '@shared/types';
import { api } from '@/lib/api-client';
import type { Proof } from './security';

export type { ApiToken, TokenScope };
export type NewToken = {
  name: string;
  scopes: TokenScope[];
  card_ids: string[] | null;
  expires_in_days: 30 | 90 | 365 | null;
} & Proof;
/** A card as the token form offers it. */
export type CardChoice = { id: string; username: string; name: string };

export const tokensQueryOptions = () =>
  queryOptions({
    queryKey: ['api-tokens'] as const,
    queryFn: ({ signal }) => api.get<DataResponse<ApiToken[]>>('/v1/user/tokens', signal).then((b) => b.data),
    staleTime: 0,
  });

export const useTokens = () => useQuery(tokensQueryOptions());

/** The account's cards, for limiting a token to some of them. */
export const tokenCardsQueryOptions = () =>
  queryOptions({
    queryKey: ['api-tokens', 'cards'] as const,
    queryFn: ({ signal }) =>
      api.get<DataResponse<{ cards: CardChoice[] }>>('/v1/cards', signal).then((b) => b.data.cards),
  });

export const useTokenCards = (enabled: boolean) => useQuery({ ...tokenCardsQueryOptions(), enabled });

function useTokensMutation<In, Out>(call: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQueryOptions().queryKey }),
  });
}

/** POST /v1/user/tokens: the answer holds the secret, the only time it is shown. */
export const useCreateToken = () =>
  useTokensMutation((body: NewToken) =>
    api.post<DataResponse<ApiToken & { token: string }>>('/v1/user/tokens', body).then((b) => b.data),
  );

/** DELETE /v1/user/tokens/{id}: refused from the next request on. */
export const useRevokeToken = () =>
  useTokensMutation((id: string) => api.delete(`/v1/user/tokens/${encodeURIComponent(id)}`));
