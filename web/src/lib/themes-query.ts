import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Theme } from '@shared/types';
import { getData } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { readCachedThemes, writeCachedThemes } from '@/lib/profile-cache';
import { queryKeys } from '@/lib/query-keys';

const t = words('looks');
const isThemes = (data: unknown): data is Theme[] => Array.isArray(data);

export async function getThemes(signal?: AbortSignal): Promise<Theme[]> {
  const themes = await getData('/v1/user/themes?all=true', t('looks.themes_fetch_failed'), isThemes, signal);
  writeCachedThemes(themes);
  return themes;
}

export const themesQueryOptions = () =>
  queryOptions<Theme[]>({
    queryKey: queryKeys.themes,
    queryFn: ({ signal }) => getThemes(signal),
    // docs/product.md §3: the list kept under `themes` paints the grid while the fresh one loads.
    placeholderData: () => readCachedThemes() ?? undefined,
  });

export const useThemes = () => useQuery(themesQueryOptions());
