import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getData } from '@/lib/api-client';
import { cardsQueryKey } from '@/lib/cards-query';
import { useOrgList } from '@/lib/orgs-query';
import { words } from '@/lib/i18n';
import { accountWide, isObject, orgKeys, orgPath, type Answer, type Org } from './keys';

const t = words('orgs');

// The account's organisations and one organisation's own settings (docs/product.md, Organisations):
// GET|POST /v1/orgs, GET|PUT /v1/orgs/{id}, POST …/owner, POST …/leave.

export const useOrgs = () => useOrgList(t('orgs.list_failed'));

export const orgQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgKeys.one(orgId),
    queryFn: ({ signal }) => getData(orgPath(orgId), t('orgs.org_failed'), isObject<Org>, signal),
    ...accountWide,
  });

export const useOrg = (orgId: string) => useQuery(orgQueryOptions(orgId));

export function useCreateOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; slug: string }) => api.post<Answer<Org>>('/v1/orgs', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

export function useUpdateOrg(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; seats?: number; moved_on_url?: string }) =>
      api.put<Answer<Org>>(orgPath(orgId), body),
    // The whole family: the organisation's own answer and the list that names it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

export function useTransferOwnership(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.post<Answer<Org>>(orgPath(orgId, '/owner'), { user_id: userId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

export function useLeaveOrg(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Answer<null>>(orgPath(orgId, '/leave')),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: orgKeys.one(orgId) });
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
      // The work card went back to the organisation.
      await queryClient.invalidateQueries({ queryKey: cardsQueryKey });
    },
  });
}
