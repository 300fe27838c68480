import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { PageHeader } from '@/components/page-header';
import { buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';
import { SecurityOverviewGate } from './security-overview-gate';

/** Settings: the account's password and e-mail address; sign-in factors and sessions are in Security. */
export function SettingsScreen() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" subtitle="Change your password and the email address you sign in with" />
      <SecurityOverviewGate what="settings">
        {(overview) => (
          <>
            <SectionErrorBoundary name="password">
              <PasswordCard />
            </SectionErrorBoundary>
            <SectionErrorBoundary name="email">
              <EmailCard email={overview.email} />
            </SectionErrorBoundary>
            <Card>
              <CardHeader>
                <CardTitle>Security</CardTitle>
                <CardDescription>Two-factor sign-in, passkeys and the devices you are signed in on.</CardDescription>
              </CardHeader>
              <CardContent>
                <Link to={paths.security} className={buttonClass('outline')}>
                  <ShieldCheck className="h-4 w-4" aria-hidden />
                  Open Security
                </Link>
              </CardContent>
            </Card>
          </>
        )}
      </SecurityOverviewGate>
    </div>
  );
}
