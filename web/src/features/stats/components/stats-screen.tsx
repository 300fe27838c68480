import { BarChart3, Contact, Eye, MousePointerClick, Percent } from 'lucide-react';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';
import { useStats } from '@/lib/stats-query';
import { formatPercent, hasNoActivity } from '../lib/insights';
import { Breakdowns, LinkPerformance } from './breakdowns';
import { DailyChart } from './daily-chart';
import { PerformanceInsights } from './performance-insights';
import { UsageSummary } from './usage-summary';

/** Statistics (docs/product.md §2) plus the charts of the daily series and breakdowns. */
export function StatsScreen() {
  const stats = useStats();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title="Statistics" subtitle="Track your digital card performance and engagement" />
      {stats.isPending ? (
        <div className="space-y-6" aria-busy="true" aria-label="Loading statistics">
          <div className="grid gap-4 sm:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
          <Skeleton className="h-64" />
        </div>
      ) : stats.isError ? (
        <LoadError
          message={`Error loading statistics data: ${stats.error.message || 'Unknown error'}`}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : hasNoActivity(stats.data) ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <BarChart3 className="h-10 w-10 text-slate-400" aria-hidden />
          <h2 className="text-lg font-semibold">No Statistics Available</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Share your digital card to start collecting data.
          </p>
        </Card>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Profile Views" value={formatCount(stats.data.profile_views)} icon={Eye} />
            <StatCard label="Link Clicks" value={formatCount(stats.data.link_clicks)} icon={MousePointerClick} />
            <StatCard
              label="Conversion Rate"
              value={formatPercent(stats.data.conversion_rate)}
              icon={Percent}
              hint="Visitors who clicked at least one link"
            />
            <StatCard
              label="Contacts Shared"
              value={formatCount(stats.data.contacts_submitted)}
              icon={Contact}
              hint={`${formatPercent(stats.data.contact_rate)} of visitors shared their contact`}
            />
          </div>
          <SectionErrorBoundary name="daily activity">
            <Card>
              <CardHeader>
                <CardTitle>Daily Activity</CardTitle>
              </CardHeader>
              <CardContent>
                <DailyChart daily={stats.data.daily} />
              </CardContent>
            </Card>
          </SectionErrorBoundary>
          <div className="grid gap-6 *:min-w-0 lg:grid-cols-2">
            <SectionErrorBoundary name="performance insights">
              <PerformanceInsights stats={stats.data} />
            </SectionErrorBoundary>
            <SectionErrorBoundary name="usage summary">
              <UsageSummary stats={stats.data} />
            </SectionErrorBoundary>
          </div>
          <SectionErrorBoundary name="link performance">
            <LinkPerformance links={stats.data.links} />
          </SectionErrorBoundary>
          <SectionErrorBoundary name="breakdowns">
            <Breakdowns stats={stats.data} />
          </SectionErrorBoundary>
        </>
      )}
    </div>
  );
}
