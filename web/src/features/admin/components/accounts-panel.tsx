import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminAccount } from '@shared/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { accountPath, useAccounts, useAdminAction, type AccountAction, type AccountFilter } from '../api/admin';
import { TakedownForm } from './takedown-form';

const LABELS: Record<AccountAction, string> = {
  activate: 'Activate',
  reject: 'Reject',
  deactivate: 'Deactivate',
  restore: 'Restore card',
  takedown: 'Take card down',
};

/** Accounts, searchable; `pending` shows the accounts waiting for activation. */
export function AccountsPanel({ status }: { status: AccountFilter['status'] }) {
  const [q, setQ] = useState('');
  const accounts = useAccounts({ q, status });
  const title = status === 'pending' ? 'Pending activations' : 'Accounts';
  return (
    <section aria-labelledby={`${status}-title`} className="space-y-4">
      <h2 id={`${status}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="max-w-sm">
        <Label htmlFor={`${status}-search`}>Search by e-mail or username</Label>
        <Input id={`${status}-search`} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
      </div>
      {accounts.isPending ? (
        <p>Loading...</p>
      ) : accounts.isError ? null : accounts.data.length === 0 ? (
        <p>{status === 'pending' ? 'Nobody is waiting for activation.' : 'No accounts match.'}</p>
      ) : (
        <ul className="space-y-3">
          {accounts.data.map((account) => (
            <AccountRow key={account.id} account={account} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AccountRow({ account }: { account: AdminAccount }) {
  const action = useAdminAction();
  const [takingDown, setTakingDown] = useState(false);
  const run = async (name: AccountAction) => {
    try {
      toast.success((await action.mutateAsync({ path: accountPath(account.id, name) })).message);
    } catch (error) {
      toast.error(errorMessage(error, 'The action failed.'));
    }
  };
  const actions: AccountAction[] =
    account.status === 'pending'
      ? ['activate', 'reject']
      : account.taken_down_at
        ? ['restore', 'deactivate']
        : ['deactivate'];
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2">
        <span className="break-all font-medium">{account.email}</span>
        {account.username ? <span className="text-slate-600 dark:text-slate-300">@{account.username}</span> : null}
        <Badge>{account.status}</Badge>
        {account.is_admin ? <Badge>operator</Badge> : null}
        {account.taken_down_at ? (
          <Badge className="bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200">taken down</Badge>
        ) : null}
      </div>
      {account.takedown_reason ? <p className="mt-1 text-sm">Reason: {account.takedown_reason}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {actions.map((name) => (
          <Button
            key={name}
            size="sm"
            variant={name === 'reject' || name === 'deactivate' ? 'outline' : 'primary'}
            disabled={action.isPending}
            onClick={() => void run(name)}
            aria-label={`${LABELS[name]} ${account.email}`}
          >
            {LABELS[name]}
          </Button>
        ))}
        {account.status === 'active' && account.username && !account.taken_down_at && !takingDown ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setTakingDown(true)}
            aria-label={`Take card down: @${account.username}`}
          >
            Take card down
          </Button>
        ) : null}
      </div>
      {takingDown && account.username ? (
        <TakedownForm accountId={account.id} username={account.username} onDone={() => setTakingDown(false)} />
      ) : null}
    </li>
  );
}
