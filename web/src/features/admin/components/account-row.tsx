import { toast } from '@/components/toast';
import type { AdminAccount, AdminAccountCard } from '@shared/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { accountPath, useAdminAction, type AccountAction } from '../api/admin';
import { dateOf } from '../lib/audit-sentence';
import { AccountCards } from './account-cards';
import type { ConfirmSpec } from './confirm-action-dialog';

const STATE_LABELS: Record<AdminAccount['state'], string> = {
  pending: 'sign-up, waiting',
  active: 'active',
  deactivated: 'deactivated',
  taken_down: 'a card taken down',
};
const STATE_TONES: Partial<Record<AdminAccount['state'], string>> = {
  deactivated: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  taken_down: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

const AUDIT_ONLY = 'Reason (kept in the audit log)';

type RowAction = Exclude<AccountAction, 'takedown' | 'restore'>;

/** The dialogs of the account's actions that destroy or lock out, worded for this account. */
function confirmFor(account: AdminAccount, action: Exclude<RowAction, 'activate'>): ConfirmSpec {
  const path = accountPath(account.id, action);
  if (action === 'reject')
    return {
      title: `Reject the sign-up of ${account.email}?`,
      description: 'The account and its card are deleted for good. Only sign-ups never let in can be rejected.',
      confirm: 'Reject and delete',
      reasonLabel: AUDIT_ONLY,
      path,
    };
  if (action === 'reset-2fa')
    return {
      title: `Reset two-factor sign-in of ${account.email}?`,
      description:
        'Only after checking who is asking. Their authenticator app and recovery codes stop working and the password alone signs in; they are mailed about it.',
      confirm: 'Reset two-factor',
      reasonLabel: AUDIT_ONLY,
      path,
    };
  return {
    title: `Deactivate ${account.email}?`,
    description:
      "They are logged out everywhere, cannot sign in (they are told the account is deactivated) and every card of it answers 'not found'. Activate undoes it.",
    confirm: 'Deactivate',
    reasonLabel: AUDIT_ONLY,
    path,
  };
}

const LABELS: Record<RowAction, string> = {
  activate: 'Activate',
  reject: 'Reject',
  deactivate: 'Deactivate',
  'reset-2fa': 'Reset two-factor',
};

/**
 * What may be done to the account in each state; Activate undoes, so it needs no dialog. Take
 * down and Restore belong to each card (AccountCards).
 */
function actionsOf(account: AdminAccount): RowAction[] {
  const reset: RowAction[] = account.two_factor.app ? ['reset-2fa'] : [];
  if (account.state === 'pending') return ['activate', 'reject'];
  if (account.state === 'deactivated') return ['activate', ...reset];
  return ['deactivate', ...reset];
}

function twoFactorOf({ two_factor: { app, passkeys } }: AdminAccount) {
  const parts = [app ? 'authenticator app' : null, passkeys ? `${passkeys} passkey${passkeys > 1 ? 's' : ''}` : null];
  const on = parts.filter(Boolean).join(', ');
  return on ? `Two-factor: ${on}` : 'Two-factor: off';
}

/** One account: who, its state, sign-up date, second factors, its cards, and what may be done. */
export function AccountRow({ account, onConfirm }: { account: AdminAccount; onConfirm: (spec: ConfirmSpec) => void }) {
  const action = useAdminAction();
  const run = async (path: string, body?: Record<string, unknown>) => {
    try {
      toast.success((await action.mutateAsync({ path, body })).message);
    } catch (error) {
      toast.error(errorMessage(error, 'The action failed.'));
    }
  };
  const restore = (card: AdminAccountCard) => void run(accountPath(account.id, 'restore'), { card_id: card.id });
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2">
        <span className="break-all font-medium">{account.email}</span>
        <Badge className={STATE_TONES[account.state]}>{STATE_LABELS[account.state]}</Badge>
        {account.is_admin ? <Badge>operator</Badge> : null}
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {`Signed up ${dateOf(account.created_at)} · ${twoFactorOf(account)}`}
      </p>
      <AccountCards account={account} busy={action.isPending} onConfirm={onConfirm} onRestore={restore} />
      {account.is_self ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">Your own account: change it in Security.</p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {actionsOf(account).map((name) => (
            <Button
              key={name}
              size="sm"
              variant={name === 'activate' ? 'primary' : 'outline'}
              disabled={action.isPending}
              onClick={() =>
                name === 'activate' ? void run(accountPath(account.id, name)) : onConfirm(confirmFor(account, name))
              }
              aria-label={`${LABELS[name]} ${account.email}`}
            >
              {LABELS[name]}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}
