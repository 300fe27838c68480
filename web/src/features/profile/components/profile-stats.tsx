import type { User } from '@shared/types';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { intlLocale, words } from '@/lib/i18n';
import { useLinks } from '@/lib/links-query';

const t = words('profile');

/** A stored ISO date as the app's language writes it ('Jan 5, 2026'), or the fallback. */
function dateOf(value: string | null | undefined, fallback: string) {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return fallback;
  return new Intl.DateTimeFormat(intlLocale(), { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** The statistics block of docs/product.md §2: views, links, template, theme and dates. */
export function ProfileStats({ user }: { user: User }) {
  const links = useLinks();
  const count = new Intl.NumberFormat(intlLocale());
  const rows = [
    { label: t('profile.views'), value: count.format(user.views) },
    {
      label: t('profile.links'),
      value: links.isPending ? <Skeleton className="h-4 w-8" /> : links.data ? count.format(links.data.length) : '—',
    },
    // Template and theme names are the catalogue's or the owner's own, in whatever script.
    { label: t('profile.template'), value: <bdi>{user.template?.name ?? t('profile.default')}</bdi> },
    {
      label: t('profile.theme'),
      value: <bdi>{user.custom_theme ? t('profile.custom') : (user.theme?.name ?? t('profile.default'))}</bdi>,
    },
    { label: t('profile.member_since'), value: dateOf(user.created_at, t('profile.unknown')) },
    { label: t('profile.last_viewed'), value: dateOf(user.last_viewed_at, t('profile.never')) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.statistics')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {rows.map((row) => (
            <div key={row.label} className="flex items-center justify-between gap-4 py-2">
              <dt className="text-slate-600 dark:text-slate-400">{row.label}</dt>
              <dd className="text-end font-medium">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
