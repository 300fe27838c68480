import type { Stats } from '@shared/schemas/stats';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { words } from '@/lib/i18n';
import { channelName, countryName, deviceName, formatPercent } from '../lib/insights';
import { BarList, type BarItem } from './bar-list';

const t = words('stats');
const views = (count: number) => t('stats.views_count', { count });
const clicks = (count: number) => t('stats.clicks_count', { count });

type Row = Stats['referrers'][number];

/**
 * A source's row says the figures that mean something for it. Views and clicks are bounded apart
 * (a browser counts 3 views of a card per 30 minutes but 5 clicks of a link a minute, and a view
 * may fall before the period its clicks are in), so a source can have sent clicks and no counted
 * view: that row reads '2 clicks', never '0 views' beside them.
 */
const toItems = (rows: Row[], label: (name: string) => string): BarItem[] =>
  rows.map((row) => {
    const clicksOnly = row.views === 0 && row.clicks > 0;
    return {
      key: row.name,
      label: label(row.name),
      value: row.views,
      text: clicksOnly ? clicks(row.clicks) : undefined,
      detail: !clicksOnly && row.clicks ? clicks(row.clicks) : undefined,
    };
  });

function Breakdown({ title, items, empty }: { title: string; items: BarItem[]; empty: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <BarList items={items} amount={views} empty={empty} />
      </CardContent>
    </Card>
  );
}

/** Where visits come from: referrers, countries, devices and channels (docs/product.md §2, Statistics). */
export function Breakdowns({ stats }: { stats: Stats }) {
  return (
    <div className="grid gap-4 *:min-w-0 md:grid-cols-2">
      {/* Hostnames stay as they are, in every language. */}
      <Breakdown
        title={t('stats.referrers')}
        items={toItems(stats.referrers, (name) => name)}
        empty={t('stats.no_referrers')}
      />
      <Breakdown
        title={t('stats.countries')}
        items={toItems(stats.countries, countryName)}
        empty={t('stats.no_countries')}
      />
      <Breakdown title={t('stats.devices')} items={toItems(stats.devices, deviceName)} empty={t('stats.no_devices')} />
      <Breakdown
        title={t('stats.channels')}
        items={toItems(stats.channels, channelName)}
        empty={t('stats.no_channels')}
      />
    </div>
  );
}

/** Clicks of each link, and its click rate (clicks per view of the card). */
export function LinkPerformance({ links }: { links: Stats['links'] }) {
  const items: BarItem[] = [...links]
    .sort((a, b) => b.clicks - a.clicks)
    .map((link) => ({
      key: String(link.id),
      label: link.is_active ? link.title : t('stats.link_inactive', { title: link.title }),
      value: link.clicks,
      detail: t('stats.link_rate', { rate: formatPercent(link.click_through_rate) }),
    }));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('stats.link_performance')}</CardTitle>
      </CardHeader>
      <CardContent>
        <BarList items={items} amount={clicks} empty={t('stats.no_links')} />
      </CardContent>
    </Card>
  );
}
