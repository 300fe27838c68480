import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Link } from '@shared/types';
import { getData } from './api-client';
import { queryKeys } from './query-keys';
import { words } from './i18n';

const t = words('shell');

// GET /v1/user/links?all=true: read by the overview, the profile screen and Manage Links.
export const getLinks = (signal?: AbortSignal) =>
  getData(
    '/v1/user/links?all=true',
    t('shell.fetch_links_failed'),
    (data): data is Link[] => Array.isArray(data),
    signal,
  );

export const linksQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.links, queryFn: ({ signal }) => getLinks(signal) });

export const useLinks = () => useQuery(linksQueryOptions());

/** Links in the order the card shows them (docs/product.md §2: sorted by display_order). */
export const sortLinks = (links: Link[]) => [...links].sort((a, b) => a.display_order - b.display_order || a.id - b.id);
