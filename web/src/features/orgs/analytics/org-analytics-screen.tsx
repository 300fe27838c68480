import { BarChart3, Contact, Download, Eye, MousePointerClick, Save, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast';
import type { StatsRange } from '@shared/constants';
import type { OrgAnalytics } from '@shared/schemas/org-data';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { RangePicker } from '@/features/stats/components/stats-screen';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { words } from '@/lib/i18n';
import { downloadOrgAnalytics, useOrgAnalytics } from './api';

const t = words('stats');
const o = words('orgdata');

type Row = OrgAnalytics['cards'][number];

/** Who holds the card, or why nobody does. */
const holder = (row: Row) =>
  row.member?.email ??
  (row.state === 'paused'
    ? o('orgdata.state_paused')
    : row.state === 'invited'
      ? o('orgdata.state_invited')
      : o('orgdata.nobody'));

/**
 * One row per work card. On a phone each card is a small block of its own (a table would scroll
 * sideways); from a tablet up, a table with the total as its last row.
 */
function PerMember({ data }: { data: OrgAnalytics }) {
  const columns = [
    ['views', t('stats.views')],
    ['unique_visitors', t('stats.unique_visitors')],
    ['link_clicks', t('stats.clicks')],
    ['contact_saves', o('orgdata.saves_col')],
    ['contacts', o('orgdata.contacts_col')],
  ] as const;
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden dark:divide-slate-800" aria-label={o('orgdata.per_member')}>
        {data.cards.map((row) => (
          <li key={row.card.id} className="space-y-1 py-3">
            <p className="font-semibold break-words" dir="auto">
              {row.card.name}{' '}
              <span dir="ltr" className="font-normal text-slate-600 dark:text-slate-400">
                @{row.card.username}
              </span>
            </p>
            <p className="text-sm break-all text-slate-600 dark:text-slate-400">{holder(row)}</p>
            <dl className="grid grid-cols-2 gap-x-4 text-sm">
              {columns.map(([key, label]) => (
                <div key={key} className="flex justify-between gap-2">
                  <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                  <dd className="tabular-nums">{formatCount(row[key])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{o('orgdata.per_member')}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-start dark:border-slate-700">
              <th scope="col" className="py-2 text-start font-medium">
                {o('orgdata.card')}
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {o('orgdata.member')}
              </th>
              {columns.map(([key, label]) => (
                <th key={key} scope="col" className="py-2 text-end font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.cards.map((row) => (
              <tr key={row.card.id} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-2 text-start font-normal" dir="auto">
                  {row.card.name}{' '}
                  <span dir="ltr" className="text-slate-600 dark:text-slate-400">
                    @{row.card.username}
                  </span>
                </th>
                <td className="py-2 break-all">{holder(row)}</td>
                {columns.map(([key]) => (
                  <td key={key} className="py-2 text-end tabular-nums">
                    {formatCount(row[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="py-2 text-start">
                {o('orgdata.total')}
              </th>
              <td className="py-2">{o('orgdata.work_cards', { count: data.total.cards })}</td>
              {columns.map(([key]) => (
                <td key={key} className="py-2 text-end tabular-nums">
                  {formatCount(data.total[key])}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

/**
 * The organisation's analytics (docs/product.md, Organisations), for its owner and admins: the
 * totals of the period as the card's Statistics screen shows its own, then each
 * work card's figures; the CSV export of the period. The phone first: one column.
 */
export function OrgAnalyticsScreen({ orgId }: { orgId: string }) {
  const [range, setRange] = useState<StatsRange>('30');
  const analytics = useOrgAnalytics(orgId, range);

  const exportCsv = async () => {
    try {
      await downloadOrgAnalytics(orgId, range);
    } catch (error) {
      toast.error(errorMessage(error, o('orgdata.download_failed')));
    }
  };
  const data = analytics.data;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={o('orgdata.analytics')}
        subtitle={o('orgdata.analytics_text')}
        actions={
          data && data.total.cards > 0 ? (
            <Button variant="outline" size="sm" onClick={() => void exportCsv()}>
              <Download className="h-4 w-4" aria-hidden />
              {t('stats.download_csv')}
            </Button>
          ) : null
        }
      />
      <div className="mb-6">
        <RangePicker range={range} onChange={setRange} />
      </div>
      {analytics.isError && !data ? (
        <LoadError
          message={o('orgdata.analytics_error', { message: analytics.error.message || t('stats.unknown_error') })}
          onRetry={() => void analytics.refetch()}
          retrying={analytics.isFetching}
        />
      ) : !data ? (
        <div className="space-y-6" role="status" aria-busy="true" aria-label={o('orgdata.analytics_loading')}>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : data.total.cards === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
            <BarChart3 className="h-10 w-10 text-slate-400" aria-hidden />
            <p className="font-medium">{o('orgdata.no_cards')}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{o('orgdata.no_cards_text')}</p>
          </CardContent>
        </Card>
      ) : (
        <div className="space-y-6">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
            <StatCard label={t('stats.profile_views')} value={formatCount(data.total.views)} icon={Eye} />
            <StatCard
              label={t('stats.unique_visitors')}
              value={formatCount(data.total.unique_visitors)}
              icon={UsersRound}
            />
            <StatCard
              label={t('stats.link_clicks')}
              value={formatCount(data.total.link_clicks)}
              icon={MousePointerClick}
            />
            <StatCard label={t('stats.contact_saves')} value={formatCount(data.total.contact_saves)} icon={Save} />
            <StatCard label={t('stats.contacts_shared')} value={formatCount(data.total.contacts)} icon={Contact} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>{o('orgdata.per_member')}</CardTitle>
              <p className="text-sm text-slate-600 dark:text-slate-400">{o('orgdata.rollup_note')}</p>
            </CardHeader>
            <CardContent>
              <PerMember data={data} />
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
