import type { Stats } from '@shared/schemas/stats';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { capitalize, channelName, countryName, formatPercent } from '../lib/insights';
import { BarList, type BarItem } from './bar-list';

type Row = Stats['referrers'][number];

const toItems = (rows: Row[], label: (name: string) => string): BarItem[] =>
  rows.map((row) => ({
    key: row.name,
    label: label(row.name),
    value: row.views,
    detail: row.clicks ? `${row.clicks} ${row.clicks === 1 ? 'click' : 'clicks'}` : undefined,
  }));

function Breakdown({ title, items, empty }: { title: string; items: BarItem[]; empty: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <BarList items={items} unit="views" empty={empty} />
      </CardContent>
    </Card>
  );
}

/** Where visits come from: referrers, countries, devices and channels (docs/product.md §2, Statistics). */
export function Breakdowns({ stats }: { stats: Stats }) {
  return (
    <div className="grid gap-4 *:min-w-0 md:grid-cols-2">
      <Breakdown
        title="Top Referrers"
        items={toItems(stats.referrers, (name) => name)}
        empty="No referring sites yet."
      />
      <Breakdown title="Countries" items={toItems(stats.countries, countryName)} empty="No country data yet." />
      <Breakdown title="Devices" items={toItems(stats.devices, capitalize)} empty="No device data yet." />
      <Breakdown title="Channels" items={toItems(stats.channels, channelName)} empty="No channel data yet." />
    </div>
  );
}

/** Clicks of each link, and its click rate (clicks per view of the card). */
export function LinkPerformance({ links }: { links: Stats['links'] }) {
  const items: BarItem[] = [...links]
    .sort((a, b) => b.clicks - a.clicks)
    .map((link) => ({
      key: String(link.id),
      label: link.is_active ? link.title : `${link.title} (inactive)`,
      value: link.clicks,
      detail: `${formatPercent(link.click_through_rate)} click rate`,
    }));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Link Performance</CardTitle>
      </CardHeader>
      <CardContent>
        <BarList items={items} unit="clicks" empty="Add links to see how often each one is clicked." />
      </CardContent>
    </Card>
  );
}
