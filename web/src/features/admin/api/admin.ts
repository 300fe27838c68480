import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAccount, AdminAuditEntry, AdminFlaggedLink, AdminReport, DataResponse } from '@shared/types';
import { api } from '@/lib/api-client';

// The console's calls (/v1/admin/*). The server answers 404 to anyone but an operator who
// signed in with a second factor, and 403 with what to do to an operator who did not.

const get =
  <T>(path: string) =>
  (signal?: AbortSignal) =>
    api.get<DataResponse<T>>(path, signal).then((b) => b.data);

export type AccountFilter = { q: string; status: 'all' | 'active' | 'pending' };

export const accountsQuery = ({ q, status }: AccountFilter) =>
  queryOptions({
    queryKey: ['admin', 'accounts', q, status] as const,
    queryFn: ({ signal }) =>
      get<AdminAccount[]>(`/v1/admin/accounts?${new URLSearchParams({ q, status }).toString()}`)(signal),
    retry: false,
  });
export const useAccounts = (filter: AccountFilter) => useQuery(accountsQuery(filter));
export const useReports = () =>
  useQuery({
    queryKey: ['admin', 'reports'],
    queryFn: ({ signal }) => get<AdminReport[]>('/v1/admin/reports')(signal),
  });
export const useFlaggedLinks = () =>
  useQuery({
    queryKey: ['admin', 'flagged'],
    queryFn: ({ signal }) => get<AdminFlaggedLink[]>('/v1/admin/flagged-links')(signal),
  });
export const useAudit = () =>
  useQuery({
    queryKey: ['admin', 'audit'],
    queryFn: ({ signal }) => get<AdminAuditEntry[]>('/v1/admin/audit')(signal),
  });

export type AccountAction = 'activate' | 'deactivate' | 'reject' | 'takedown' | 'restore';

/** An action on an account or a report; every list is read again afterwards (and the audit log). */
export function useAdminAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { path: string; reason?: string }) =>
      api.post<{ success: true; message: string }>(input.path, { reason: input.reason ?? '' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
export const accountPath = (id: string, action: AccountAction) => `/v1/admin/accounts/${id}/${action}`;
export const dismissPath = (id: number) => `/v1/admin/reports/${id}/dismiss`;
