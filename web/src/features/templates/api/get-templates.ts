import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Template } from '@shared/types';
import { getData } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getTemplates = (signal?: AbortSignal) =>
  getData(
    '/v1/user/templates?all=true',
    'Failed to fetch templates',
    (data): data is Template[] => Array.isArray(data),
    signal,
  );

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.templates, queryFn: ({ signal }) => getTemplates(signal) });

export const useTemplates = () => useQuery(templatesQueryOptions());
