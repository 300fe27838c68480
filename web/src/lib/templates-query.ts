import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Template } from '@shared/types';
import { getData } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

const t = words('looks');

export const getTemplates = (signal?: AbortSignal) =>
  getData(
    '/v1/user/templates?all=true',
    t('looks.templates_fetch_failed'),
    (data): data is Template[] => Array.isArray(data),
    signal,
  );

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.templates, queryFn: ({ signal }) => getTemplates(signal) });

export const useTemplates = () => useQuery(templatesQueryOptions());
