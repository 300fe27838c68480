import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgContacts } from '@shared/schemas/org-data';
import type { DataResponse } from '@shared/types';
import { api, downloadFile } from '@/lib/api-client';

/** GET /v1/orgs/{orgId}/contacts?q=: newest first, the search applied by the server. */
export const orgContactsQueryOptions = (orgId: string, q: string) =>
  queryOptions({
    queryKey: ['orgs', orgId, 'contacts', q] as const,
    queryFn: ({ signal }) =>
      api
        .get<DataResponse<OrgContacts>>(
          `/v1/orgs/${encodeURIComponent(orgId)}/contacts${q ? `?q=${encodeURIComponent(q)}` : ''}`,
          signal,
        )
        .then((body) => body.data),
    // Stale at once and read again each time the tab opens: the app's default never refetches
    // on mount, which kept a contact shared since the first visit off the list.
    staleTime: 0,
    refetchOnMount: 'always',
  });

// While a search runs, the list shown so far stays on screen.
export const useOrgContacts = (orgId: string, q: string) =>
  useQuery({ ...orgContactsQueryOptions(orgId, q), placeholderData: keepPreviousData });

/** The contacts the account may read as CSV or vCard; the server writes the audit line. */
export const downloadOrgContacts = (orgId: string, kind: 'csv' | 'vcf') =>
  downloadFile(`/v1/orgs/${encodeURIComponent(orgId)}/contacts/export.${kind}`, `organisation-contacts.${kind}`);
