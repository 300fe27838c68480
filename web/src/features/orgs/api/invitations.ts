import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getData } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import {
  accountWide,
  isList,
  orgKeys,
  orgPath,
  type Answer,
  type CsvPreview,
  type Invitation,
  type InviteResult,
} from './keys';

const t = words('orgs');

// Invitations (owner and admins): by e-mail, by a CSV file (checked first, sent whole or not at
// all), resend and withdraw, and the invite link on and off.

export const invitationsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgKeys.invitations(orgId),
    queryFn: ({ signal }) =>
      getData(orgPath(orgId, '/invitations'), t('orgs.invitations_failed'), isList<Invitation>, signal),
    ...accountWide,
  });

// Afresh each time the Members tab opens, as its other lists (members.ts): a claim empties it.
export const useInvitations = (orgId: string) =>
  useQuery({ ...invitationsQueryOptions(orgId), refetchOnMount: 'always' });

function useRefresh(orgId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orgKeys.invitations(orgId) }),
      queryClient.invalidateQueries({ queryKey: orgKeys.cards(orgId) }),
    ]);
}

export function useInviteEmails(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: (emails: string[]) => api.post<Answer<InviteResult>>(orgPath(orgId, '/invitations'), { emails }),
    onSuccess: refresh,
  });
}

/** Checks the file and sends nothing: every row's problem. */
export function usePreviewCsv(orgId: string) {
  return useMutation({
    mutationFn: (csv: string) => api.post<Answer<CsvPreview>>(orgPath(orgId, '/invitations/csv/preview'), { csv }),
  });
}

export function useInviteCsv(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: (csv: string) => api.post<Answer<InviteResult>>(orgPath(orgId, '/invitations/csv'), { csv }),
    onSuccess: refresh,
  });
}

const invitationPath = (orgId: string, id: string, rest = '') =>
  orgPath(orgId, `/invitations/${encodeURIComponent(id)}${rest}`);

export function useResendInvitation(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: (id: string) => api.post<Answer<Invitation>>(invitationPath(orgId, id, '/resend')),
    onSuccess: refresh,
  });
}

export function useWithdrawInvitation(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: (id: string) => api.delete<Answer<null>>(invitationPath(orgId, id)),
    onSuccess: refresh,
  });
}

/** On answers the new link (the one before stops working); off answers nothing. */
export function useInviteLink(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) =>
      on
        ? (await api.post<Answer<{ url: string }>>(orgPath(orgId, '/invite-link'))).data.url
        : (await api.delete<Answer<null>>(orgPath(orgId, '/invite-link')), null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.one(orgId), exact: true }),
  });
}
