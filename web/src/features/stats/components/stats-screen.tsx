import { BarChart3, Contact, Copy, Eye, MousePointerClick, Percent, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/components/toast';
import { STATS_RANGES, type StatsRange } from '@shared/constants';
import { paths } from '@/config/paths';
import { SectionErrorBoundary } from '@/components/errors/section-error-boundary';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuthState } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { markShared } from '@/lib/first-run';
import { formatCount } from '@/lib/format';
import { words } from '@/lib/i18n';
import { useStats } from '@/lib/stats-query';
import { useCardId } from '@/lib/use-card-in-view';
import { formatPercent, hasNoActivity } from '../lib/insights';
import { Breakdowns, LinkPerformance } from './breakdowns';
import { DailyChart } from './daily-chart';
import { PerformanceInsights } from './performance-insights';
import { UsageSummary } from './usage-summary';

const t = words('stats');

const RANGE_LABELS = {
  '7': 'stats.range_7',
  '30': 'stats.range_30',
  '90': 'stats.range_90',
  all: 'stats.all_time',
} as const satisfies Record<StatsRange, string>;
/** The chart's caption names the period of the tab chosen, never a fixed 'Last 30 days' (docs/product.md §2). */
const PERIODS = {
  '7': 'stats.last_7',
  '30': 'stats.last_30',
  '90': 'stats.last_90',
  all: 'stats.all_time',
} as const satisfies Record<StatsRange, string>;

/** The period every figure of the screen covers: a group of toggle buttons. */
export function RangePicker({ range, onChange }: { range: StatsRange; onChange: (range: StatsRange) => void }) {
  return (
    <div
      role="group"
      aria-label={t('stats.period')}
      className="inline-flex rounded-lg border border-slate-200 p-0.5 dark:border-slate-700"
    >
      {STATS_RANGES.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={range === value}
          onClick={() => onChange(value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium',
            range === value
              ? 'bg-brand-600 text-white'
              : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          {t(RANGE_LABELS[value])}
        </button>
      ))}
    </div>
  );
}

/** The empty state's ways to get the first visitors: the card's link, and the Share section. */
function ShareFirst() {
  const username = useAuthState((state) => state.user?.username);
  const cardId = useCardId();
  const copy = async () => {
    if (!username) return;
    const url = `${window.location.origin}/p/${encodeURIComponent(username)}`;
    try {
      await navigator.clipboard.writeText(url);
      if (cardId) markShared(cardId);
      toast.success(t('stats.copied'));
    } catch {
      toast.error(t('stats.copy_failed', { url }));
    }
  };
  return (
    <div className="mt-2 flex flex-wrap justify-center gap-2">
      <Button variant="outline" onClick={() => void copy()} disabled={!username}>
        <Copy className="h-4 w-4" aria-hidden />
        {t('stats.copy_link')}
      </Button>
      <Link to={paths.share} className={buttonClass('primary', 'md')}>
        <Share2 className="h-4 w-4" aria-hidden />
        {t('stats.share')}
      </Link>
    </div>
  );
}

/** Statistics (docs/product.md §2) plus the charts of the daily series and breakdowns, for a chosen period. */
export function StatsScreen() {
  const [range, setRange] = useState<StatsRange>('all');
  const stats = useStats(range);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeader title={t('stats.title')} subtitle={t('stats.subtitle')} />
        <RangePicker range={range} onChange={setRange} />
      </div>
      {stats.isPending ? (
        <div className="space-y-6" role="status" aria-busy="true" aria-label={t('stats.loading')}>
          <div className="grid gap-4 sm:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
          <Skeleton className="h-64" />
        </div>
      ) : stats.data === undefined ? (
        <LoadError
          message={t('stats.load_error', { message: stats.error.message || t('stats.unknown_error') })}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : hasNoActivity(stats.data) ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <BarChart3 className="h-10 w-10 text-slate-400" aria-hidden />
          <h2 className="text-lg font-semibold">{t('stats.empty_title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('stats.empty_text')}</p>
          <ShareFirst />
        </Card>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label={t('stats.profile_views')} value={formatCount(stats.data.profile_views)} icon={Eye} />
            <StatCard
              label={t('stats.link_clicks')}
              value={formatCount(stats.data.link_clicks)}
              icon={MousePointerClick}
            />
            <StatCard
              label={t('stats.click_rate')}
              value={formatPercent(stats.data.conversion_rate)}
              icon={Percent}
              hint={t('stats.click_rate_hint')}
            />
            <StatCard
              label={t('stats.left_details')}
              value={formatCount(stats.data.contacts_submitted)}
              icon={Contact}
              hint={t('stats.contact_rate', {
                rate: formatPercent(stats.data.contact_rate),
                count: stats.data.unique_visitors,
              })}
            />
          </div>
          <SectionErrorBoundary name="daily activity">
            <Card>
              <CardHeader>
                <CardTitle>{t('stats.daily_activity')}</CardTitle>
              </CardHeader>
              <CardContent>
                <DailyChart daily={stats.data.daily} period={t(PERIODS[range])} />
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
