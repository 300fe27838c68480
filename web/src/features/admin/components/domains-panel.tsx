import { useState } from 'react';
import type { AdminDomain } from '@shared/schemas/admin-domains';
import { Button } from '@/components/ui/button';
import { domainRemovalPath, useDomains } from '../api/admin';
import { dateOf } from '../lib/audit-sentence';
import { ConfirmActionDialog, type ConfirmSpec } from './confirm-action-dialog';

const box = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

/** What the owner's Share screen says of each state, for the operator in a word. */
const STATES: Record<AdminDomain['state'], string> = {
  pending: 'Waiting for its DNS records',
  active: 'Active',
  failed: 'Certificate failed',
  moved: 'No longer points here',
  blocked: 'Blocked by Cloudflare',
  deleted: 'Deleted at Cloudflare',
};

/**
 * The cards' own domains (docs/decisions/0103-custom-domains.md): each with its card, owner, state
 * and the day it was added, and Remove, which does what the owner's removal does.
 */
export function DomainsPanel() {
  const domains = useDomains();
  const [confirming, setConfirming] = useState<ConfirmSpec | null>(null);
  return (
    <section aria-labelledby="domains-title" className="space-y-4">
      <h2 id="domains-title" className="text-lg font-semibold">
        Custom domains
      </h2>
      {domains.isPending ? (
        <p>Loading...</p>
      ) : domains.isError ? null : domains.data.length === 0 ? (
        <p>No card has a domain of its own.</p>
      ) : (
        <ul className="space-y-3" aria-label="Custom domains">
          {domains.data.map((domain) => (
            <li key={domain.id} className={`${box} flex flex-wrap items-start justify-between gap-3`}>
              <div className="min-w-0">
                <p className="break-all font-mono font-medium">{domain.hostname}</p>
                <p className="text-sm">{`@${domain.username}, ${domain.owner}`}</p>
                <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                  {`${STATES[domain.state]}, since ${dateOf(domain.since)}`}
                </p>
              </div>
              <Button size="sm" variant="outline" onClick={() => setConfirming(removalOf(domain))}>
                {`Remove ${domain.hostname}`}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmActionDialog spec={confirming} onClose={() => setConfirming(null)} />
    </section>
  );
}

const removalOf = (domain: AdminDomain): ConfirmSpec => ({
  title: `Remove ${domain.hostname} from @${domain.username}'s card?`,
  description:
    'The domain stops showing the card at once and is deleted at Cloudflare; the card stays online at its usual address. Its owner can add a domain again from Share.',
  confirm: 'Remove domain',
  reasonLabel: 'Reason (the audit log keeps it)',
  path: domainRemovalPath(domain.id),
});
