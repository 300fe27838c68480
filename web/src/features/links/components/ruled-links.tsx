import { EyeOff, Lock } from 'lucide-react';
import type { Link } from '@shared/types';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PreviewLayout } from '@/components/preview-layout';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cardDataOf } from '@/lib/card-data';
import { useCurrentUser } from '@/lib/current-user';
import { words } from '@/lib/i18n';
import { sortLinks, useLinks } from '@/lib/links-query';
import type { CardTemplate } from '@/lib/org-template-query';
import { scheduleLabel } from '../lib/link-schedule';
import { LinkItem } from './link-item';

const t = words('links');

// Manage Links on a work card whose organisation's template rules the links as a whole
// (docs/decisions/0105-org-templates.md), and while that template is read: no control that would
// change a link, since the API refuses every change with 403 (locked or hidden) and a rule that
// arrives late would first have offered them as the member's own.

const none = () => {};

/** The template on its way (no control yet), unreadable (Try Again), or locking or hiding the links. */
export function RuledLinks({ ruled }: { ruled: CardTemplate }) {
  if (ruled.status === 'failed')
    return (
      <div className="mx-auto max-w-6xl">
        <PageHeader title={t('links.title')} />
        <LoadError message={t('links.template_load_error')} onRetry={ruled.retry} retrying={ruled.retrying} />
      </div>
    );
  const template = ruled.status === 'ready' ? ruled.template : null;
  const rule = template?.rules.links;
  if (!template || (rule !== 'locked' && rule !== 'hidden'))
    return (
      <div className="mx-auto max-w-6xl space-y-6" role="status" aria-busy="true" aria-label={t('links.loading')}>
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  return <FixedLinks rule={rule} organisation={template.org_name} />;
}

/**
 * Locked: the card's links as they are, read-only. Hidden: visitors see only the organisation's own
 * links (its required ones), so only those are listed; the member's are kept, not shown.
 */
function FixedLinks({ rule, organisation }: { rule: 'locked' | 'hidden'; organisation: string }) {
  const links = useLinks();
  const user = useCurrentUser();
  const shown =
    links.data && sortLinks(rule === 'hidden' ? links.data.filter((link) => link.org_required) : links.data);
  const card = user.data && shown ? cardDataOf(user.data, shown, {}, (link) => scheduleLabel(link)) : null;
  const Icon = rule === 'locked' ? Lock : EyeOff;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PreviewLayout card={card} header={{ title: t('links.title') }}>
        <div
          className="flex gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-800 dark:bg-slate-900"
          data-links-rule={rule}
        >
          <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-600 dark:text-slate-400" aria-hidden />
          <div className="min-w-0">
            <p className="font-medium">
              {rule === 'locked' ? t('links.org_locked', { organisation }) : t('links.org_hidden', { organisation })}
            </p>
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              {rule === 'locked' ? t('links.org_locked_note') : t('links.org_hidden_note', { organisation })}
            </p>
          </div>
        </div>
        {links.isError && !links.data ? (
          <LoadError
            message={t('links.load_error', { error: links.error.message || t('links.unknown_error') })}
            onRetry={() => void links.refetch()}
            retrying={links.isFetching}
          />
        ) : rule === 'hidden' && shown?.length === 0 ? null : (
          <ReadOnlyList title={t(rule === 'locked' ? 'links.your_links' : 'links.org_hidden_shown')} links={shown} />
        )}
      </PreviewLayout>
    </div>
  );
}

function ReadOnlyList({ title, links }: { title: string; links: Link[] | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {!links ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label={t('links.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : links.length === 0 ? (
          <p className="py-10 text-center text-slate-600 dark:text-slate-400">{t('links.org_locked_empty')}</p>
        ) : (
          <ul className="space-y-2" aria-label={title}>
            {links.map((link) => (
              <LinkItem key={link.id} link={link} isEditing={false} onEdit={none} onDelete={none} readOnly />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
