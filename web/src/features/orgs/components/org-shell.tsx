import { ArrowLeft, Building2 } from 'lucide-react';
import { Suspense } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { getHref } from '@/config/paths';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useOrg } from '../api/orgs';
import { firstTab, ORG_TABS } from '../tabs';
import { Loading } from './loading';
import { OrgTabs } from './org-tabs';
import { roleLabel } from './roles';

const t = words('orgs');

/**
 * One organisation (docs/product.md, Organisations): its name, the account's role and its tabs,
 * each a route; a tab's code loads when it is first opened.
 */
export function OrgShell({ orgId, tab }: { orgId: string; tab: string | undefined }) {
  const org = useOrg(orgId);
  if (org.isPending) return <Loading />;
  if (org.isError)
    return (
      <LoadError
        message={errorMessage(org.error, t('orgs.org_failed'))}
        onRetry={() => void org.refetch()}
        retrying={org.isFetching}
      />
    );
  const manager = org.data.role !== 'member';
  const tabs = ORG_TABS.filter((item) => manager || !item.managers);
  const current = tabs.find((item) => item.id === tab);
  if (!current) return <Navigate to={getHref('orgTab', { orgId, tab: firstTab(manager).id })} replace />;
  const { Screen } = current;
  return (
    <div>
      <Link
        to={getHref('orgs')}
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
      >
        <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden />
        {t('orgs.all_orgs')}
      </Link>
      <div className="mb-4 flex min-w-0 items-center gap-3">
        <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Building2 className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight">{org.data.name}</h1>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">
            <span dir="ltr">{org.data.slug}</span> · {roleLabel(org.data.role)}
          </p>
        </div>
      </div>
      <OrgTabs
        label={t('orgs.tabs_label')}
        current={current.id}
        tabs={tabs.map((item) => ({
          id: item.id,
          label: item.label(),
          href: getHref('orgTab', { orgId, tab: item.id }),
        }))}
      />
      <Suspense fallback={<Loading />}>
        <Screen key={current.id} orgId={orgId} />
      </Suspense>
    </div>
  );
}
