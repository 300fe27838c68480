import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataResponse } from '@shared/types';
import { api } from '@/lib/api-client';

export type SessionRow = {
  id: string;
  browser: string;
  os: string;
  device: 'mobile' | 'tablet' | 'desktop';
  country: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
};

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['sessions'] as const,
    queryFn: ({ signal }) => api.get<DataResponse<SessionRow[]>>('/v1/user/sessions', signal).then((b) => b.data),
    staleTime: 0,
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

function useSessionsMutation<In>(call: (input: In) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

/** DELETE /v1/user/sessions/{id}: that device is signed out at once. */
export const useEndSession = () =>
  useSessionsMutation((id: string) => api.delete(`/v1/user/sessions/${encodeURIComponent(id)}`));

/** DELETE /v1/user/sessions: every session but this one. */
export const useEndOtherSessions = () =>
  useSessionsMutation(() => api.delete<DataResponse<{ ended: number }>>('/v1/user/sessions'));
