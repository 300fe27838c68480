import type { User } from '@shared/types';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatDate } from '@/lib/format';
import { useLinks } from '@/lib/links-query';

/** The statistics block of docs/product.md §2: views, links, template, theme and dates. */
export function ProfileStats({ user }: { user: User }) {
  const links = useLinks();
  const rows = [
    { label: 'Profile views', value: formatCount(user.views) },
    {
      label: 'Links',
      value: links.isPending ? <Skeleton className="h-4 w-8" /> : links.data ? formatCount(links.data.length) : '—',
    },
    { label: 'Template', value: user.template?.name ?? 'Default' },
    { label: 'Theme', value: user.custom_theme ? 'Custom' : (user.theme?.name ?? 'Default') },
    { label: 'Member since', value: formatDate(user.created_at, 'Unknown') },
    { label: 'Last viewed', value: formatDate(user.last_viewed_at) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Statistics</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {rows.map((row) => (
            <div key={row.label} className="flex items-center justify-between gap-4 py-2">
              <dt className="text-slate-600 dark:text-slate-400">{row.label}</dt>
              <dd className="text-right font-medium">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
