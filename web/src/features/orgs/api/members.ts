import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getData } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { accountWide, isList, orgKeys, orgPath, type Answer, type OrgMember, type WorkCard } from './keys';

const t = words('orgs');

// Members and work cards (owner and admins): GET …/members, PUT|DELETE …/members/{userId},
// GET …/cards, POST …/cards/{cardId}/reassign, DELETE …/cards/{cardId}.

export const membersQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgKeys.members(orgId),
    queryFn: ({ signal }) => getData(orgPath(orgId, '/members'), t('orgs.members_failed'), isList<OrgMember>, signal),
    ...accountWide,
  });

// The Members tab reads its lists afresh each time it opens: a member who claimed, left or joined
// since (in another tab, on another device) is there, though the app keeps answers 5 minutes.
export const useMembers = (orgId: string) => useQuery({ ...membersQueryOptions(orgId), refetchOnMount: 'always' });

export const workCardsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgKeys.cards(orgId),
    queryFn: ({ signal }) => getData(orgPath(orgId, '/cards'), t('orgs.cards_failed'), isList<WorkCard>, signal),
    ...accountWide,
  });

export const useWorkCards = (orgId: string) => useQuery({ ...workCardsQueryOptions(orgId), refetchOnMount: 'always' });

/** After a change to members or cards: both lists, and the seats the organisation shows. */
function useRefresh(orgId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orgKeys.members(orgId) }),
      queryClient.invalidateQueries({ queryKey: orgKeys.cards(orgId) }),
      queryClient.invalidateQueries({ queryKey: orgKeys.one(orgId), exact: true }),
    ]);
}

const memberPath = (orgId: string, userId: string) => orgPath(orgId, `/members/${encodeURIComponent(userId)}`);
const cardPathOf = (orgId: string, cardId: string, rest = '') =>
  orgPath(orgId, `/cards/${encodeURIComponent(cardId)}${rest}`);

export function useChangeRole(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: 'admin' | 'member' }) =>
      api.put<Answer<null>>(memberPath(orgId, userId), { role }),
    onSuccess: refresh,
  });
}

export function useRemoveMember(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: (userId: string) => api.delete<Answer<null>>(memberPath(orgId, userId)),
    onSuccess: refresh,
  });
}

export function useReassignCard(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    // No name when the template locks it: the card keeps the template's.
    mutationFn: ({ cardId, userId, name }: { cardId: string; userId: string; name: string | undefined }) =>
      api.post<Answer<null>>(
        cardPathOf(orgId, cardId, '/reassign'),
        name === undefined ? { user_id: userId } : { user_id: userId, name },
      ),
    onSuccess: refresh,
  });
}

export function useDeleteWorkCard(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: (cardId: string) => api.delete<Answer<null>>(cardPathOf(orgId, cardId)),
    onSuccess: refresh,
  });
}
