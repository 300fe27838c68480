import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useSecurity, type SecurityOverview } from '../api/security';

/**
 * Settings and Security both read GET /v1/user/security: its load error (with Try Again) and its
 * skeleton, then the screen drawn from the overview. `what` names the screen in both.
 */
export function SecurityOverviewGate({
  what,
  children,
}: {
  what: string;
  children: (overview: SecurityOverview) => ReactNode;
}) {
  const security = useSecurity();
  if (security.isError && !security.data)
    return (
      <LoadError
        message={`Error loading ${what}: ${security.error.message || 'Unknown error'}`}
        onRetry={() => void security.refetch()}
        retrying={security.isFetching}
      />
    );
  if (!security.data)
    return (
      <div className="space-y-6" role="status" aria-busy="true" aria-label={`Loading ${what}`}>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  return <div className="space-y-6">{children(security.data)}</div>;
}
