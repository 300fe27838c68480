import { queryOptions, useQuery } from '@tanstack/react-query';
import { getData } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { accountWide, isList, orgKeys, orgPath, type AuditEntry } from './keys';

const t = words('orgs');

/** GET /v1/orgs/{id}/audit: the last 200 entries, newest first (owner and admins). */
export const auditQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgKeys.audit(orgId),
    queryFn: ({ signal }) => getData(orgPath(orgId, '/audit'), t('orgs.audit_failed'), isList<AuditEntry>, signal),
    ...accountWide,
  });

export const useAudit = (orgId: string) => useQuery(auditQueryOptions(orgId));
