import { hashKey, queryOptions, useQuery } from '@tanstack/react-query';
import type { Org } from '@shared/schemas/orgs';
import { getData } from './api-client';

// The account's organisations, GET /v1/orgs (docs/product.md, Organisations): read by the
// organisations' screens and by the header's card switcher, which names each work card's
// organisation, so it lives here rather than in one feature.

export const orgsQueryKey = ['orgs'] as const;

const isOrgList = (data: unknown): data is Org[] => Array.isArray(data);

/** Account-wide: one cache entry whichever card is in view (query-client.ts keys others per card). */
export const orgsQueryOptions = (fallback: string) =>
  queryOptions({
    queryKey: orgsQueryKey,
    queryFn: ({ signal }) => getData('/v1/orgs', fallback, isOrgList, signal),
    queryKeyHashFn: hashKey,
  });

/** The list, asked for only when wanted (the switcher asks only when the account holds a work card). */
export const useOrgList = (fallback: string, enabled = true) => useQuery({ ...orgsQueryOptions(fallback), enabled });
