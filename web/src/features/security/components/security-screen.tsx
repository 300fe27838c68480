import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useSecurity } from '../api/security';
import { EmailCard } from './email-card';
import { PasskeysCard } from './passkeys-card';
import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** Security: sign-in factors, password, e-mail address and the signed-in sessions. */
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
          <SectionErrorBoundary name="password">
            <PasswordCard />
          </SectionErrorBoundary>
          <SectionErrorBoundary name="email">
            <EmailCard email={security.data.email} />
          </SectionErrorBoundary>
        </div>
      )}
    </div>
  );
}
