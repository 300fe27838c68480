import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { PageHeader } from '@/components/page-header';
import { buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { words } from '@/lib/i18n';
import { ApiTokensCard } from './api-tokens-card';
import { WebhooksCard } from './webhooks-card';
import { EmailCard } from './email-card';
import { LanguageCard } from './language-card';
import { PasswordCard } from './password-card';
import { SecurityOverviewGate } from './security-overview-gate';

const t = words('account');

/**
 * Settings: the account's password, e-mail address, API tokens and language; sign-in factors and sessions are
 * in Security. The language and the link to Security need no security overview, so they show
 * even when it fails to load (someone stuck in a language they cannot read can still leave it).
 */
export function SettingsScreen() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={t('account.settings_title')} subtitle={t('account.settings_subtitle')} />
      <SecurityOverviewGate what="settings">
        {(overview) => (
          <>
            <SectionErrorBoundary name={t('account.section_password')}>
              <PasswordCard />
            </SectionErrorBoundary>
            <SectionErrorBoundary name={t('account.section_email')}>
              <EmailCard email={overview.email} />
            </SectionErrorBoundary>
            <SectionErrorBoundary name={t('account.tokens_title')}>
              <ApiTokensCard allowCode={overview.totp_enabled} />
            </SectionErrorBoundary>
            <SectionErrorBoundary name={t('account.webhooks_title')}>
              <WebhooksCard />
            </SectionErrorBoundary>
          </>
        )}
      </SecurityOverviewGate>
      <SectionErrorBoundary name={t('account.section_language')}>
        <LanguageCard />
      </SectionErrorBoundary>
      <Card>
        <CardHeader>
          <CardTitle>{t('account.security_title')}</CardTitle>
          <CardDescription>{t('account.security_description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to={paths.security} className={buttonClass('outline')}>
            <ShieldCheck className="h-4 w-4" aria-hidden />
            {t('account.open_security')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
