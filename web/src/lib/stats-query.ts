import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '@shared/schemas/stats';
import { getData } from './api-client';
import { queryKeys } from './query-keys';

// Only the type is imported from the shared schema: parsing with zod here would put zod on the
// overview's first load (README, Decisions: budgets are tests).
const isStats = (data: unknown): data is Stats =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as Stats).profile_views === 'number' &&
  typeof (data as Stats).link_clicks === 'number' &&
  Array.isArray((data as Stats).daily);

// GET /v1/user/stats: read by the overview and the Statistics screen.
export const getStats = (signal?: AbortSignal): Promise<Stats> =>
  getData('/v1/user/stats', 'Failed to fetch user statistics', isStats, signal);

export const statsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.stats, queryFn: ({ signal }) => getStats(signal) });

export const useStats = () => useQuery(statsQueryOptions());
