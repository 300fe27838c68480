import { Eye, Link2, MousePointerClick } from 'lucide-react';
import type { ReactNode } from 'react';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/current-user';
import { formatCount } from '@/lib/format';
import { words } from '@/lib/i18n';
import { useLinks } from '@/lib/links-query';
import { useStats } from '@/lib/stats-query';
import { FirstRunChecklist } from './first-run-checklist';
import { NewContacts } from './new-contacts';
import { ProfileSummary } from './profile-summary';
import { RecentActivity } from './recent-activity';
import { RecentLinks } from './recent-links';

const t = words('stats');

/**
 * The dashboard overview (docs/product.md §2, /dashboard). `cards`: the account's cards with their
 * figures (the cards feature's, put here by the route).
 */
export function OverviewScreen({ cards }: { cards?: ReactNode }) {
  const user = useCurrentUser();
  const stats = useStats();
  const links = useLinks();
  // Headers are titles of sections, not links a visitor follows.
  const activeLinks = links.data?.filter((link) => link.is_active && link.kind !== 'header').length;
  const firstName = user.data?.name.split(/\s+/)[0];
  // A newcomer (no link yet and no visitor) is welcomed; anyone else, welcomed back.
  const isNew = links.data?.length === 0 && (stats.data?.profile_views ?? 0) === 0;
  const title = firstName
    ? t(isNew ? 'stats.welcome_name' : 'stats.welcome_back_name', { name: firstName })
    : t(isNew ? 'stats.welcome' : 'stats.welcome_back');

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title={title} subtitle={t('stats.overview_text')} />
      {cards ? <SectionErrorBoundary name="cards">{cards}</SectionErrorBoundary> : null}
      {user.data && links.data ? (
        <SectionErrorBoundary name="first steps">
          <FirstRunChecklist user={user.data} links={links.data} />
        </SectionErrorBoundary>
      ) : null}
      {user.data ? (
        <SectionErrorBoundary name="new contacts">
          <NewContacts user={user.data} />
        </SectionErrorBoundary>
      ) : null}
      <SectionErrorBoundary name="statistics">
        {stats.isError && !stats.data ? (
          <LoadError
            message={t('stats.load_error', { message: stats.error.message || t('stats.unknown_error') })}
            onRetry={() => void stats.refetch()}
            retrying={stats.isFetching}
          />
        ) : (
          // A figure is written only once it is shown: the first number format made costs a phone
          // about 100 ms, which the first frame (skeletons here) need not wait for (docs/decisions/0107).
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard
              label={t('stats.profile_views')}
              value={stats.isPending ? null : formatCount(stats.data?.profile_views ?? 0)}
              icon={Eye}
              loading={stats.isPending}
            />
            <StatCard
              label={t('stats.link_clicks')}
              value={stats.isPending ? null : formatCount(stats.data?.link_clicks ?? 0)}
              icon={MousePointerClick}
              loading={stats.isPending}
            />
            <StatCard
              label={t('stats.active_links')}
              value={links.isPending ? null : formatCount(activeLinks ?? 0)}
              icon={Link2}
              loading={links.isPending}
              hint={links.data ? t('stats.of_total', { total: formatCount(links.data.length) }) : undefined}
            />
          </div>
        )}
      </SectionErrorBoundary>
      <div className="grid gap-6 *:min-w-0 lg:grid-cols-3">
        <div className="min-w-0">
          <SectionErrorBoundary name="profile summary">
            {user.data ? (
              <ProfileSummary user={user.data} />
            ) : user.isError ? (
              <LoadError
                message={t('stats.profile_error', { message: user.error.message || t('stats.unknown_error') })}
                onRetry={() => void user.refetch()}
              />
            ) : (
              <Skeleton className="h-72" />
            )}
          </SectionErrorBoundary>
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <SectionErrorBoundary name="recent links">
            <RecentLinks />
          </SectionErrorBoundary>
          <SectionErrorBoundary name="recent activity">
            <RecentActivity stats={stats.data} loading={stats.isPending} />
          </SectionErrorBoundary>
        </div>
      </div>
    </div>
  );
}
