import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsRange } from '@shared/constants';
import type { OrgAnalytics } from '@shared/schemas/org-data';
import type { DataResponse } from '@shared/types';
import { api, downloadFile } from '@/lib/api-client';

/** GET /v1/orgs/{orgId}/analytics?range=: per work card and in total, from the daily rollups. */
export const orgAnalyticsQueryOptions = (orgId: string, range: StatsRange) =>
  queryOptions({
    queryKey: ['orgs', orgId, 'analytics', range] as const,
    queryFn: ({ signal }) =>
      api
        .get<DataResponse<OrgAnalytics>>(`/v1/orgs/${encodeURIComponent(orgId)}/analytics?range=${range}`, signal)
        .then((body) => body.data),
    // Read again each time the tab opens: the rollups grow every few minutes, and the app's
    // default (5 minutes fresh, never refetched on mount) showed the figures of the first visit.
    refetchOnMount: 'always',
  });

// Another period keeps the figures shown so far on screen until its own arrive.
export const useOrgAnalytics = (orgId: string, range: StatsRange) =>
  useQuery({ ...orgAnalyticsQueryOptions(orgId, range), placeholderData: keepPreviousData });

/** The period's figures as CSV; the server writes the audit line. */
export const downloadOrgAnalytics = (orgId: string, range: StatsRange) =>
  downloadFile(
    `/v1/orgs/${encodeURIComponent(orgId)}/analytics/export.csv?range=${range}`,
    `organisation-analytics-${range}.csv`,
  );
