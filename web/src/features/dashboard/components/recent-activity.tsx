import { Link as RouterLink } from 'react-router-dom';
import type { Stats } from '@shared/schemas/stats';
import { getHref } from '@/config/paths';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatDay } from '@/lib/format';
import { words } from '@/lib/i18n';

const t = words('stats');

const ACTIVITY_DAYS = 7;

/** The last week's views and clicks, day by day, from the stats call's daily series. */
export function RecentActivity({ stats, loading }: { stats: Stats | undefined; loading: boolean }) {
  const days = (stats?.daily ?? []).slice(-ACTIVITY_DAYS).reverse();
  const active = days.filter((day) => day.views > 0 || day.clicks > 0);
  const max = Math.max(1, ...days.map((day) => day.views));
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('stats.recent_activity')}</CardTitle>
        <RouterLink
          to={getHref('stats')}
          className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-500"
        >
          {t('stats.detailed')}
        </RouterLink>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-6" />
            ))}
          </div>
        ) : !stats ? (
          <p className="py-4 text-sm text-slate-600 dark:text-slate-400">{t('stats.activity_unavailable')}</p>
        ) : active.length === 0 ? (
          <p className="py-4 text-sm text-slate-600 dark:text-slate-400">
            {t('stats.no_visits', { days: ACTIVITY_DAYS })}
            {stats.last_viewed_at && <> {t('stats.last_viewed_on', { date: formatDate(stats.last_viewed_at) })}</>}
          </p>
        ) : (
          <ul className="space-y-2">
            {days.map((day) => (
              <li key={day.date} className="grid grid-cols-[4.5rem_1fr_auto] items-center gap-3 text-sm">
                <span className="text-slate-600 dark:text-slate-400">{formatDay(day.date)}</span>
                <span className="h-2 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden>
                  <span
                    className="block h-2 rounded-full bg-brand-600 dark:bg-brand-500"
                    style={{ width: `${(day.views / max) * 100}%` }}
                  />
                </span>
                <span className="tabular-nums">
                  {t('stats.views_clicks', { views: day.views, clicks: day.clicks })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
