import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardsQueryKey } from '@/lib/cards-query';
import { orgKeys, type Answer, type Org } from './keys';

// What the invitation mails and the invite link open: POST /v1/orgs/invitations/claim and
// POST /v1/orgs/join, signed in (the claim with the invited address).

function useJoined() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orgKeys.all }),
      queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
    ]);
}

export function useClaimInvitation() {
  const joined = useJoined();
  return useMutation({
    mutationFn: (token: string) => api.post<Answer<Org>>('/v1/orgs/invitations/claim', { token }),
    onSuccess: joined,
  });
}

export function useJoinOrg() {
  const joined = useJoined();
  return useMutation({
    mutationFn: (body: { token: string; username: string }) => api.post<Answer<Org>>('/v1/orgs/join', body),
    onSuccess: joined,
  });
}
