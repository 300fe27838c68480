import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { PageHeader } from '@/components/page-header';
import { PasskeysCard } from './passkeys-card';
import { SecurityOverviewGate } from './security-overview-gate';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** Security: the sign-in factors and the signed-in sessions; password and e-mail are in Settings. */
export function SecurityScreen() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Security" subtitle="Protect your account and see where you're signed in" />
      <SecurityOverviewGate what="security settings">
        {(overview) => (
          <>
            <SectionErrorBoundary name="two-factor sign-in">
              <TwoFactorCard overview={overview} />
            </SectionErrorBoundary>
            <SectionErrorBoundary name="passkeys">
              <PasskeysCard overview={overview} />
            </SectionErrorBoundary>
            <SectionErrorBoundary name="sessions">
              <SessionsCard />
            </SectionErrorBoundary>
          </>
        )}
      </SecurityOverviewGate>
    </div>
  );
}
