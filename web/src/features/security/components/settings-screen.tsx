import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSecurity } from '../api/security';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';

/** Settings: the account's password and e-mail address; sign-in factors and sessions are in Security. */
export function SettingsScreen() {
  const security = useSecurity();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" subtitle="Change your password and the e-mail address you sign in with" />
      {security.isError && !security.data ? (
        <LoadError
          message={`Error loading settings: ${security.error.message || 'Unknown error'}`}
          onRetry={() => void security.refetch()}
          retrying={security.isFetching}
        />
      ) : !security.data ? (
        <div className="space-y-6" aria-busy="true" aria-label="Loading settings">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <div className="space-y-6">
          <SectionErrorBoundary name="password">
            <PasswordCard />
          </SectionErrorBoundary>
          <SectionErrorBoundary name="email">
            <EmailCard email={security.data.email} />
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
        </div>
      )}
    </div>
  );
}
