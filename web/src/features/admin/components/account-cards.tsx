import type { AdminAccount, AdminAccountCard } from '@shared/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { accountPath } from '../api/admin';
import type { ConfirmSpec } from './confirm-action-dialog';

const TAKEN_DOWN_TONE = 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200';

/** The takedown dialog of one card: it names the card, and says the account's others stay online. */
export function takedownOf(
  account: Pick<AdminAccount, 'id'>,
  card: Pick<AdminAccountCard, 'id' | 'username'>,
  more = false,
): ConfirmSpec {
  return {
    title: `Take down @${card.username}?`,
    description: `Visitors of @${card.username} get 'not found' at once${more ? "; the account's other cards stay online" : ''}. The owner still signs in and sees your reason; Restore undoes it.`,
    confirm: 'Take card down',
    reasonLabel: 'Reason (its owner sees this; the audit log keeps it)',
    path: accountPath(account.id, 'takedown'),
    body: { card_id: card.id },
  };
}

/**
 * An account's cards (docs/decisions/0091-cards-apart-from-accounts.md), primary first: each
 * opens in a new tab, and on an active account each is taken down or restored on its own.
 */
export function AccountCards({
  account,
  busy,
  onConfirm,
  onRestore,
}: {
  account: AdminAccount;
  busy: boolean;
  onConfirm: (spec: ConfirmSpec) => void;
  onRestore: (card: AdminAccountCard) => void;
}) {
  if (account.cards.length === 0) return null;
  // A deactivated account's cards are offline already, and a sign-up's never were online.
  const actions = account.status === 'active' && !account.is_self;
  return (
    <ul aria-label={`Cards of ${account.email}`} className="mt-2 space-y-2">
      {account.cards.map((card) => (
        <li
          key={card.id}
          className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800/50"
        >
          <a
            className="break-all text-brand-700 underline dark:text-blue-400"
            href={`/p/${card.username}`}
            target="_blank"
            rel="noreferrer"
            aria-label={`Card of ${account.email}: @${card.username}`}
          >
            @{card.username}
          </a>
          {card.is_primary ? <Badge>primary</Badge> : null}
          {card.taken_down_at ? <Badge className={TAKEN_DOWN_TONE}>taken down</Badge> : null}
          {actions ? (
            <span className="ml-auto">
              {card.taken_down_at ? (
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={() => onRestore(card)}
                  aria-label={`Restore @${card.username}`}
                >
                  Restore
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => onConfirm(takedownOf(account, card, account.cards.length > 1))}
                  aria-label={`Take down @${card.username}`}
                >
                  Take down
                </Button>
              )}
            </span>
          ) : null}
          {card.takedown_reason ? <p className="w-full break-words text-sm">Reason: {card.takedown_reason}</p> : null}
        </li>
      ))}
    </ul>
  );
}
