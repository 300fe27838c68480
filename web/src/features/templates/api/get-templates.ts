import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataResponse, Template } from '@shared/types';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getTemplates(signal?: AbortSignal): Promise<Template[]> {
  const body = await api.get<DataResponse<Template[]>>('/v1/user/templates?all=true', signal);
  if (!body.success || !Array.isArray(body.data)) throw new Error('Failed to fetch templates');
  return body.data;
}

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.templates, queryFn: ({ signal }) => getTemplates(signal) });

export const useTemplates = () => useQuery(templatesQueryOptions());
