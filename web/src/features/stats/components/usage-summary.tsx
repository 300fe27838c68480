import { Sparkles } from 'lucide-react';
import type { Stats } from '@shared/schemas/stats';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatDate } from '@/lib/format';
import { words } from '@/lib/i18n';

const t = words('stats');

/**
 * 'Usage Summary' with the premium teaser (docs/product.md §1 and §2: teased, nothing more). It
 * keeps the spec's words and names only what this screen does not give free: every period's
 * history, countries, devices and exports already are.
 */
export function UsageSummary({ stats }: { stats: Stats }) {
  const rows = [
    { label: t('stats.profile_views_row'), value: formatCount(stats.profile_views) },
    { label: t('stats.unique_visitors'), value: formatCount(stats.unique_visitors) },
    { label: t('stats.link_clicks_row'), value: formatCount(stats.link_clicks) },
    { label: t('stats.contacts_shared'), value: formatCount(stats.contacts_submitted) },
    { label: t('stats.contact_saves'), value: formatCount(stats.contact_saves) },
    {
      label: t('stats.active_links_row'),
      value: t('stats.active_of', {
        active: formatCount(stats.active_links_count),
        total: formatCount(stats.links_count),
      }),
    },
    { label: t('stats.last_viewed'), value: formatDate(stats.last_viewed_at, t('stats.never')) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('stats.usage')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {rows.map((row) => (
            <div key={row.label} className="flex justify-between gap-4 py-2">
              <dt className="text-slate-600 dark:text-slate-400">{row.label}</dt>
              <dd className="font-medium tabular-nums">{row.value}</dd>
            </div>
          ))}
        </dl>
        <div className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm dark:border-brand-700/40 dark:bg-brand-600/10">
          <p className="flex items-center gap-2 font-semibold text-brand-700 dark:text-blue-400">
            <Sparkles className="h-4 w-4" aria-hidden />
            {t('stats.upgrade')}
          </p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{t('stats.upgrade_text')}</p>
        </div>
      </CardContent>
    </Card>
  );
}
