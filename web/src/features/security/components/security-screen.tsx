import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { PageHeader } from '@/components/page-header';
import { words } from '@/lib/i18n';
import { PasskeysCard } from './passkeys-card';
import { SecurityOverviewGate } from './security-overview-gate';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

const t = words('account');

/** Security: the sign-in factors and the signed-in sessions; password and e-mail are in Settings. */
export function SecurityScreen() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('account.security_title')} subtitle={t('account.security_subtitle')} />
      <SecurityOverviewGate what="security">
        {(overview) => (
          <>
            <SectionErrorBoundary name={t('account.section_two_factor')}>
              <TwoFactorCard overview={overview} />
            </SectionErrorBoundary>
            <SectionErrorBoundary name={t('account.section_passkeys')}>
              <PasskeysCard overview={overview} />
            </SectionErrorBoundary>
            <SectionErrorBoundary name={t('account.section_sessions')}>
              <SessionsCard />
            </SectionErrorBoundary>
          </>
        )}
      </SecurityOverviewGate>
    </div>
  );
}
