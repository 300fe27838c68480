import type { Stats } from '@shared/schemas/stats';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/format';
import { words } from '@/lib/i18n';
import { averageClicksPerLink, clicksPerView, formatPercent } from '../lib/insights';

const t = words('stats');

/** 'Performance Insights' (docs/product.md §2): the click rate's bar, its explanation and three ratios. */
export function PerformanceInsights({ stats }: { stats: Stats }) {
  const rate = Math.min(100, stats.conversion_rate);
  const rows = [
    { label: t('stats.total_links'), value: formatCount(stats.links_count) },
    { label: t('stats.average_clicks'), value: averageClicksPerLink(stats.link_clicks, stats.links_count) },
    { label: t('stats.clicks_per_view'), value: clicksPerView(stats.link_clicks, stats.profile_views) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('stats.insights')}</CardTitle>
        <CardDescription>{t('stats.insights_text')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div>
          <div className="mb-2 flex justify-between text-sm">
            <span id="conversion-label" className="font-medium">
              {t('stats.click_rate')}
            </span>
            <span className="tabular-nums">{formatPercent(stats.conversion_rate)}</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="conversion-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={rate}
            aria-valuetext={formatPercent(stats.conversion_rate)}
            className="h-3 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
          >
            <div className="h-3 rounded-full bg-brand-600 dark:bg-brand-500" style={{ width: `${rate}%` }} />
          </div>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {t('stats.click_rate_text', { rate: formatPercent(stats.conversion_rate) })}
          </p>
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          {rows.map((row) => (
            <div key={row.label} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
              <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{row.label}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
