import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useAccounts } from '../api/admin';
import { AccountsPanel } from './accounts-panel';
import { AuditPanel } from './audit-panel';
import { DomainsPanel } from './domains-panel';
import { FlaggedLinksPanel } from './flagged-links-panel';
import { OrgsPanel } from './orgs-panel';
import { ReportsPanel } from './reports-panel';
import { StatusPanel } from './status-panel';

const PANELS = [
  ['pending', 'Sign-ups'],
  ['reports', 'Reports'],
  ['accounts', 'Accounts'],
  ['flagged', 'Flagged links'],
  ['domains', 'Domains'],
  ['orgs', 'Organisations'],
  ['audit', 'Audit log'],
  ['status', 'Status'],
] as const;
type Panel = (typeof PANELS)[number][0];

/**
 * /admin: the operators' console (README, Operating). The first call tells whether this user
 * may use it: a 404 (not an operator) or a 403 (no second factor in this sign-in) shows why
 * instead of the panels.
 */
export function AdminConsole() {
  const [panel, setPanel] = useState<Panel>('pending');
  const probe = useAccounts({ q: '', state: 'pending', page: 1 });
  return (
    <div className="min-h-svh bg-slate-50 px-4 py-6 dark:bg-slate-950 sm:px-6 lg:px-8">
      <main className="mx-auto max-w-4xl space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">Admin console</h1>
          <Link className="text-sm font-medium text-brand-700 underline dark:text-blue-400" to={paths.dashboard}>
            Back to dashboard
          </Link>
        </div>
        {probe.isPending ? (
          <p role="status">Loading...</p>
        ) : probe.isError ? (
          <Alert>
            {errorMessage(probe.error, 'The console could not be loaded.') === 'Not found'
              ? 'This page is only for the people who run this service.'
              : errorMessage(probe.error, 'The console could not be loaded.')}
          </Alert>
        ) : (
          <>
            <nav aria-label="Console sections" className="flex flex-wrap gap-2">
              {PANELS.map(([id, label]) => (
                <Button
                  key={id}
                  size="sm"
                  variant={panel === id ? 'primary' : 'outline'}
                  aria-pressed={panel === id}
                  onClick={() => setPanel(id)}
                >
                  {label}
                </Button>
              ))}
            </nav>
            {panel === 'pending' ? <AccountsPanel mode="pending" /> : null}
            {panel === 'accounts' ? <AccountsPanel mode="all" /> : null}
            {panel === 'reports' ? <ReportsPanel /> : null}
            {panel === 'flagged' ? <FlaggedLinksPanel /> : null}
            {panel === 'domains' ? <DomainsPanel /> : null}
            {panel === 'orgs' ? <OrgsPanel /> : null}
            {panel === 'audit' ? <AuditPanel /> : null}
            {panel === 'status' ? <StatusPanel /> : null}
          </>
        )}
      </main>
    </div>
  );
}
