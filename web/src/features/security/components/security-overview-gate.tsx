import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { words } from '@/lib/i18n';
import { useSecurity, type SecurityOverview } from '../api/security';

const t = words('account');
// Each screen's whole sentences, so every language words them its own way.
const TEXTS = {
  settings: { error: 'account.settings_load_error', loading: 'account.settings_loading' },
  security: { error: 'account.security_load_error', loading: 'account.security_loading' },
} as const;

/**
 * Settings and Security both read GET /v1/user/security: its load error (with Try Again) and its
 * skeleton, then the screen drawn from the overview. `what` names the screen in both.
 */
export function SecurityOverviewGate({
  what,
  children,
}: {
  what: keyof typeof TEXTS;
  children: (overview: SecurityOverview) => ReactNode;
}) {
  const security = useSecurity();
  if (security.isError && !security.data)
    return (
      <LoadError
        message={t(TEXTS[what].error, { error: security.error.message || t('account.unknown_error') })}
        onRetry={() => void security.refetch()}
        retrying={security.isFetching}
      />
    );
  if (!security.data)
    return (
      <div className="space-y-6" role="status" aria-busy="true" aria-label={t(TEXTS[what].loading)}>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  return <div className="space-y-6">{children(security.data)}</div>;
}
