import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataResponse, Theme } from '@shared/types';
import { api } from '@/lib/api-client';
import { THEMES_KEY } from '@/lib/profile-cache';
import { queryKeys } from '@/lib/query-keys';

export async function getThemes(signal?: AbortSignal): Promise<Theme[]> {
  const body = await api.get<DataResponse<Theme[]>>('/v1/user/themes?all=true', signal);
  if (!body.success || !Array.isArray(body.data)) throw new Error('Failed to fetch themes');
  try {
    // Spec section 3: the themes list is also kept in local storage under `themes`.
    localStorage.setItem(THEMES_KEY, JSON.stringify(body.data));
  } catch (error) {
    console.warn('Could not cache the themes', error);
  }
  return body.data;
}

export const themesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.themes, queryFn: ({ signal }) => getThemes(signal) });

export const useThemes = () => useQuery(themesQueryOptions());
