import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { useAdminOrgs } from '../api/admin';
import { dateOf } from '../lib/audit-sentence';

const box = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/**
 * The organisations (docs/decisions/0104-organisations.md): each with its short name, owner, how
 * many members and work cards it has, and the day it was made.
 */
export function OrgsPanel() {
  const orgs = useAdminOrgs();
  return (
    <section aria-labelledby="orgs-title" className="space-y-4">
      <h2 id="orgs-title" className="text-lg font-semibold">
        Organisations
      </h2>
      {orgs.isPending ? (
        <p>Loading...</p>
      ) : orgs.isError ? (
        <Alert>{errorMessage(orgs.error, 'The organisations could not be loaded.')}</Alert>
      ) : orgs.data.length === 0 ? (
        <p>No organisation yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Organisations">
          {orgs.data.map((org) => (
            <li key={org.id} className={box}>
              <p className="font-medium">
                {org.name} <span className="font-mono text-sm text-slate-600 dark:text-slate-400">{org.slug}</span>
              </p>
              <p className="text-sm">
                {org.owner ? `Owner: ${org.owner.name ? `${org.owner.name}, ` : ''}${org.owner.email}` : 'No owner'}
              </p>
              <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                {`${org.members} members, ${org.cards} work cards, ${org.seats} seats; made ${dateOf(org.created_at)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
