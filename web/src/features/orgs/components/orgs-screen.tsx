import { Building2, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { getHref } from '@/config/paths';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useOrgs } from '../api/orgs';
import { CreateOrgForm } from './create-org-form';
import { Loading, RoleBadge } from './loading';

const t = words('orgs');

/** /dashboard/orgs: the organisations the account belongs to, and a new one. */
export function OrgsScreen() {
  const orgs = useOrgs();
  return (
    <div className="max-w-2xl">
      <PageHeader title={t('orgs.title')} subtitle={t('orgs.subtitle')} />
      <section aria-labelledby="orgs-yours" className="mb-8">
        <h2 id="orgs-yours" className="mb-3 text-lg font-semibold">
          {t('orgs.yours')}
        </h2>
        {orgs.isPending ? (
          <Loading />
        ) : orgs.isError ? (
          <LoadError
            message={errorMessage(orgs.error, t('orgs.list_failed'))}
            onRetry={() => void orgs.refetch()}
            retrying={orgs.isFetching}
          />
        ) : orgs.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {t('orgs.none')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {orgs.data.map((org) => (
              <li key={org.id}>
                <Link
                  to={getHref('org', { orgId: org.id })}
                  className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800"
                >
                  <Building2 className="h-5 w-5 shrink-0 text-slate-500" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{org.name}</span>
                    <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                      {t('orgs.seats_used', { used: org.seats_used, seats: org.seats })}
                    </span>
                  </span>
                  <RoleBadge role={org.role} />
                  <ChevronRight className="h-4 w-4 shrink-0 text-slate-400 rtl:rotate-180" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CreateOrgForm />
    </div>
  );
}
