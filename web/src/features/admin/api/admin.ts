import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountState, ReportState } from '@shared/constants';
import type {
  AdminAccountsPage,
  AdminAuditPage,
  AdminFlaggedLink,
  AdminReportsPage,
  DataResponse,
  PlatformStatus,
} from '@shared/types';
import type { AdminDomain } from '@shared/schemas/admin-domains';
import type { AdminOrg } from '@shared/schemas/admin-orgs';
import { api } from '@/lib/api-client';

// The console's calls (/v1/admin/*). The server answers 404 to anyone but an operator who
// signed in with a second factor, and 403 with what to do to an operator who did not.

const get =
  <T>(path: string) =>
  (signal?: AbortSignal) =>
    api.get<DataResponse<T>>(path, signal).then((b) => b.data);

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();

export type AccountFilter = { q: string; state: 'all' | AccountState; page: number };

export const accountsQuery = ({ q, state, page }: AccountFilter) =>
  queryOptions({
    queryKey: ['admin', 'accounts', q, state, page] as const,
    queryFn: ({ signal }) => get<AdminAccountsPage>(`/v1/admin/accounts?${query({ q, state, page })}`)(signal),
    retry: false,
    // The page shown stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
export const useAccounts = (filter: AccountFilter) => useQuery(accountsQuery(filter));

export const useReports = (state: ReportState, page: number) =>
  useQuery({
    queryKey: ['admin', 'reports', state, page],
    queryFn: ({ signal }) => get<AdminReportsPage>(`/v1/admin/reports?${query({ state, page })}`)(signal),
    placeholderData: keepPreviousData,
  });
export const useFlaggedLinks = () =>
  useQuery({
    queryKey: ['admin', 'flagged'],
    queryFn: ({ signal }) => get<AdminFlaggedLink[]>('/v1/admin/flagged-links')(signal),
  });
/** The cards' own domains (docs/decisions/0103-custom-domains.md), newest first. */
export const useDomains = () =>
  useQuery({
    queryKey: ['admin', 'domains'],
    queryFn: ({ signal }) => get<AdminDomain[]>('/v1/admin/domains')(signal),
  });
/** The organisations (docs/decisions/0104-organisations.md), newest first. */
export const useAdminOrgs = () =>
  useQuery({
    queryKey: ['admin', 'orgs'],
    queryFn: ({ signal }) => get<AdminOrg[]>('/v1/admin/orgs')(signal),
  });
export const useAudit = (page: number) =>
  useQuery({
    queryKey: ['admin', 'audit', page],
    queryFn: ({ signal }) => get<AdminAuditPage>(`/v1/admin/audit?${query({ page })}`)(signal),
    placeholderData: keepPreviousData,
  });

/** The running deployment, read live; read again on demand, since it changes minute by minute. */
export const useStatus = () =>
  useQuery({
    queryKey: ['admin', 'status'],
    queryFn: ({ signal }) => get<PlatformStatus>('/v1/admin/status')(signal),
  });

export type AccountAction = 'activate' | 'deactivate' | 'reject' | 'takedown' | 'restore' | 'reset-2fa';

/** An action on an account or a report; every list is read again afterwards (and the audit log). */
export function useAdminAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { path: string; body?: Record<string, unknown> }) =>
      api.post<{ success: true; message: string }>(input.path, input.body ?? {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
export const accountPath = (id: string, action: AccountAction) => `/v1/admin/accounts/${id}/${action}`;
export const dismissPath = (id: number) => `/v1/admin/reports/${id}/dismiss`;
export const domainRemovalPath = (id: string) => `/v1/admin/domains/${id}/remove`;
