import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats, StatsRange } from '@shared/schemas/stats';
import { getData } from './api-client';
import { queryKeys } from './query-keys';
import { words } from './i18n';

const t = words('shell');

// Only the type is imported from the shared schema: parsing with zod here would put zod on the
// overview's first load (README, Decisions: budgets are tests).
const isStats = (data: unknown): data is Stats =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as Stats).profile_views === 'number' &&
  typeof (data as Stats).link_clicks === 'number' &&
  Array.isArray((data as Stats).daily);

// GET /v1/user/stats: read by the overview (all time) and the Statistics screen (any period).
export const getStats = (range: StatsRange = 'all', signal?: AbortSignal): Promise<Stats> =>
  getData(
    range === 'all' ? '/v1/user/stats' : `/v1/user/stats?range=${range}`,
    t('shell.fetch_stats_failed'),
    isStats,
    signal,
  );

export const statsQueryOptions = (range: StatsRange = 'all') =>
  queryOptions({ queryKey: [...queryKeys.stats, range], queryFn: ({ signal }) => getStats(range, signal) });

export const useStats = (range: StatsRange = 'all') => useQuery(statsQueryOptions(range));
