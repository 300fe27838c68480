import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useSecurity } from '../api/security';
import { PasskeysCard } from './passkeys-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** Security: the sign-in factors and the signed-in sessions; password and e-mail are in Settings. */
export function SecurityScreen() {
  const security = useSecurity();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Security" subtitle="Protect your account and see where you're signed in" />
      {security.isError && !security.data ? (
        <LoadError
          message={`Error loading security settings: ${security.error.message || 'Unknown error'}`}
          onRetry={() => void security.refetch()}
          retrying={security.isFetching}
        />
      ) : !security.data ? (
        <div className="space-y-6" aria-busy="true" aria-label="Loading security settings">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <div className="space-y-6">
          <SectionErrorBoundary name="two-factor sign-in">
            <TwoFactorCard overview={security.data} />
          </SectionErrorBoundary>
          <SectionErrorBoundary name="passkeys">
            <PasskeysCard overview={security.data} />
          </SectionErrorBoundary>
          <SectionErrorBoundary name="sessions">
            <SessionsCard />
          </SectionErrorBoundary>
        </div>
      )}
    </div>
  );
}
