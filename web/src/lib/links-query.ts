import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataResponse, Link } from '@shared/types';
import { api } from './api-client';
import { queryKeys } from './query-keys';

// GET /v1/user/links?all=true: read by the overview, the profile screen and Manage Links.
export async function getLinks(signal?: AbortSignal): Promise<Link[]> {
  const body = await api.get<DataResponse<Link[]>>('/v1/user/links?all=true', signal);
  if (!body.success || !Array.isArray(body.data)) throw new Error('Failed to fetch links');
  return body.data;
}

export const linksQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.links, queryFn: ({ signal }) => getLinks(signal) });

export const useLinks = () => useQuery(linksQueryOptions());

/** Links in the order the card shows them (spec section 2: sorted by display_order). */
export const sortLinks = (links: Link[]) => [...links].sort((a, b) => a.display_order - b.display_order || a.id - b.id);
