import { useState } from 'react';
import { Input, inputClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAccounts, type AccountFilter } from '../api/admin';
import { AccountRow } from './account-row';
import { ConfirmActionDialog, type ConfirmSpec } from './confirm-action-dialog';
import { PageCount, PageNav } from './pager';

const FILTERS: [AccountFilter['state'], string][] = [
  ['all', 'Every state'],
  ['active', 'Active'],
  ['deactivated', 'Deactivated'],
  ['taken_down', 'A card taken down'],
  ['pending', 'Sign-ups waiting'],
];

/**
 * Accounts, searchable and a page at a time. `pending` is the queue of sign-ups waiting for
 * activation (never active: the only accounts Reject accepts); `all` filters by state.
 */
export function AccountsPanel({ mode }: { mode: 'pending' | 'all' }) {
  const [q, setQ] = useState('');
  const [state, setState] = useState<AccountFilter['state']>(mode === 'pending' ? 'pending' : 'all');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<ConfirmSpec | null>(null);
  const accounts = useAccounts({ q, state, page });
  const title = mode === 'pending' ? 'Sign-ups waiting for activation' : 'Accounts';
  return (
    <section aria-labelledby={`${mode}-title`} className="space-y-4">
      <h2 id={`${mode}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="flex flex-wrap gap-4">
        <div className="w-full max-w-sm">
          <Label htmlFor={`${mode}-search`}>Search by email or username</Label>
          <Input
            id={`${mode}-search`}
            type="search"
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              setPage(1);
            }}
          />
        </div>
        {mode === 'all' ? (
          <div>
            <Label htmlFor="accounts-state">State</Label>
            <select
              id="accounts-state"
              className={inputClass}
              value={state}
              onChange={(event) => {
                setState(event.target.value as AccountFilter['state']);
                setPage(1);
              }}
            >
              {FILTERS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {accounts.isPending ? (
        <p>Loading...</p>
      ) : accounts.isError ? null : (
        <>
          <PageCount
            noun={mode === 'pending' ? ['sign-up', 'sign-ups'] : ['account', 'accounts']}
            page={page}
            pageSize={accounts.data.page_size}
            total={accounts.data.total}
          />
          {accounts.data.accounts.length === 0 ? (
            <p>{mode === 'pending' ? 'Nobody is waiting for activation.' : 'No accounts match.'}</p>
          ) : (
            <ul className="space-y-3">
              {accounts.data.accounts.map((account) => (
                <AccountRow key={account.id} account={account} onConfirm={setConfirming} />
              ))}
            </ul>
          )}
          <PageNav
            label={`Pages of ${title.toLowerCase()}`}
            top={`${mode}-title`}
            page={page}
            pageSize={accounts.data.page_size}
            total={accounts.data.total}
            onPage={setPage}
          />
        </>
      )}
      <ConfirmActionDialog spec={confirming} onClose={() => setConfirming(null)} />
    </section>
  );
}
