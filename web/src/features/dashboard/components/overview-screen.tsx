import { Eye, Link2, MousePointerClick } from 'lucide-react';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/current-user';
import { formatCount } from '@/lib/format';
import { useLinks } from '@/lib/links-query';
import { useStats } from '@/lib/stats-query';
import { FirstRunChecklist } from './first-run-checklist';
import { NewContacts } from './new-contacts';
import { ProfileSummary } from './profile-summary';
import { RecentActivity } from './recent-activity';
import { RecentLinks } from './recent-links';

/** The dashboard overview (docs/product.md §2, /dashboard). */
export function OverviewScreen() {
  const user = useCurrentUser();
  const stats = useStats();
  const links = useLinks();
  const activeLinks = links.data?.filter((link) => link.is_active).length;
  const firstName = user.data?.name.split(/\s+/)[0];
  // A newcomer (no link yet and no visitor) is welcomed; anyone else, welcomed back.
  const isNew = links.data?.length === 0 && (stats.data?.profile_views ?? 0) === 0;
  const welcome = isNew ? 'Welcome' : 'Welcome back';

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={firstName ? `${welcome}, ${firstName}!` : `${welcome}!`}
        subtitle="Here is how your digital card is doing."
      />
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
        {stats.isError ? (
          <LoadError
            message={`Error loading statistics data: ${stats.error.message || 'Unknown error'}`}
            onRetry={() => void stats.refetch()}
            retrying={stats.isFetching}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard
              label="Profile Views"
              value={formatCount(stats.data?.profile_views ?? 0)}
              icon={Eye}
              loading={stats.isPending}
            />
            <StatCard
              label="Link Clicks"
              value={formatCount(stats.data?.link_clicks ?? 0)}
              icon={MousePointerClick}
              loading={stats.isPending}
            />
            <StatCard
              label="Active Links"
              value={formatCount(activeLinks ?? 0)}
              icon={Link2}
              loading={links.isPending}
              hint={links.data ? `of ${links.data.length} total` : undefined}
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
                message={`Error loading profile data: ${user.error.message || 'Unknown error'}`}
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
