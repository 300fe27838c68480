import { Link as RouterLink } from 'react-router-dom';
import { RECENT_LINKS } from '@shared/constants';
import { getHref } from '@/config/paths';
import { LinkIcon } from '@/components/link-icon';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { words } from '@/lib/i18n';
import { sortLinks, useLinks } from '@/lib/links-query';

const t = words('stats');

/** The first 4 links (docs/product.md §2 and §9). */
export function RecentLinks() {
  const links = useLinks();
  // Links a visitor can follow: a header is only the title of a section.
  const recent = sortLinks((links.data ?? []).filter((link) => link.kind !== 'header')).slice(0, RECENT_LINKS);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('stats.recent_links')}</CardTitle>
        <RouterLink
          to={getHref('links')}
          className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-500"
        >
          {t('stats.manage_links')}
        </RouterLink>
      </CardHeader>
      <CardContent>
        {links.isPending ? (
          <div className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : links.data === undefined ? (
          <LoadError
            message={t('stats.links_error', { message: links.error.message || t('stats.unknown_error') })}
            onRetry={() => void links.refetch()}
            retrying={links.isFetching}
          />
        ) : recent.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('stats.no_links_yet')}</p>
            <RouterLink to={getHref('links')} className={buttonClass('primary', 'sm')}>
              {t('stats.first_link')}
            </RouterLink>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {recent.map((link) => (
              // Greyed by colour, not opacity: faded text would fail WCAG contrast (axe).
              <li
                key={link.id}
                className={`flex items-center gap-3 py-2.5 ${link.is_active ? '' : 'text-slate-600 dark:text-slate-400 [&_img]:opacity-50 [&_img]:grayscale'}`}
              >
                <LinkIcon icon={link.icon} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium rtl:text-right" dir="auto">
                    {link.title}
                  </p>
                  {/* A URL reads left to right in every language, its start (the host) always shown. */}
                  <p className="truncate text-xs text-slate-500 rtl:text-right dark:text-slate-400" dir="ltr">
                    {link.url}
                  </p>
                </div>
                {!link.is_active && <Badge>{t('stats.inactive')}</Badge>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
