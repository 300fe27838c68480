import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataResponse, PublicProfile } from '@shared/types';
import { api, ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type PublicProfileErrorKind = 'private' | 'not-found' | 'network' | 'other';

/** docs/product.md §4, "Public profile errors": private, network, and the rest (404 among them). */
export function publicProfileErrorKind(error: unknown): PublicProfileErrorKind {
  if (error instanceof ApiError) {
    if (error.status === 403 || /private/i.test(error.message)) return 'private';
    if (error.status === 404) return 'not-found';
    return 'other';
  }
  // fetch rejects with a TypeError when there is no response at all.
  if (
    error instanceof TypeError ||
    (error instanceof Error && /network|timeout|connection|fetch/i.test(error.message))
  ) {
    return 'network';
  }
  return 'other';
}

/** docs/product.md §9: at most 3 retries, none on 403 or 404. */
export const PUBLIC_PROFILE_MAX_RETRIES = 3;
export const shouldRetryPublicProfile = (failureCount: number, error: unknown) => {
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return false;
  return failureCount < PUBLIC_PROFILE_MAX_RETRIES;
};

export async function getPublicProfile(username: string): Promise<PublicProfile> {
  const body = await api.get<DataResponse<PublicProfile> | null>(`/v1/p/${encodeURIComponent(username)}`);
  if (!body?.success || !body.data) throw new ApiError(404, 'Failed to fetch public profile');
  return body.data;
}

export const publicProfileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: [...queryKeys.publicProfile, username],
    queryFn: () => getPublicProfile(username),
    retry: shouldRetryPublicProfile,
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
    staleTime: 30_000,
  });

export const usePublicProfile = (username: string) => useQuery(publicProfileQueryOptions(username));
