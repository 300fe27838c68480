import { useState } from 'react';
import { toast } from '@/components/toast';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { words } from '@/lib/i18n';
import type { Org, WorkCard } from '../api/keys';
import { useInvitations } from '../api/invitations';
import { useDeleteWorkCard, useMembers, useWorkCards } from '../api/members';
import { ConfirmDialog, Empty, Section } from './confirm-dialog';
import { Loading } from './loading';
import { ReassignDialog } from './reassign-dialog';

const t = words('orgs');

const STATE = {
  held: {
    label: () => t('orgs.state_held'),
    tone: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
  },
  invited: {
    label: () => t('orgs.state_invited'),
    tone: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  },
  paused: {
    label: () => t('orgs.state_paused'),
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  },
} as const;

/** The organisation's work cards and their state; a paused card is reassigned or deleted. */
export function WorkCardsSection({ org }: { org: Org }) {
  const cards = useWorkCards(org.id);
  const members = useMembers(org.id);
  const remove = useDeleteWorkCard(org.id);
  const [deleting, setDeleting] = useState<WorkCard | null>(null);
  const [reassigning, setReassigning] = useState<WorkCard | null>(null);
  const invitations = useInvitations(org.id);
  // Who the card is for: its holder, else the address it waits for.
  const whose = (card: WorkCard) => {
    const member = members.data?.find((item) => item.user_id === card.holder_id);
    if (member) return member.name || member.email;
    if (card.state !== 'invited') return null;
    return invitations.data?.find((item) => item.card_id === card.id && item.status === 'pending')?.email ?? null;
  };

  return (
    <Section id="org-cards" title={t('orgs.cards_title')} hint={t('orgs.cards_hint')}>
      {cards.isPending ? (
        <Loading />
      ) : cards.isError ? (
        <LoadError message={errorMessage(cards.error, t('orgs.cards_failed'))} onRetry={() => void cards.refetch()} />
      ) : cards.data.length === 0 ? (
        <Empty>{t('orgs.cards_none')}</Empty>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {cards.data.map((card) => (
            <li key={card.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate font-medium">
                  <a dir="ltr" href={card.url} className="underline-offset-2 hover:underline">
                    @{card.username}
                  </a>
                </p>
                {(card.name || whose(card)) && (
                  <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                    {[card.name, whose(card)].filter(Boolean).join(' · ')}
                  </p>
                )}
              </div>
              <Badge className={cn(STATE[card.state].tone)}>{STATE[card.state].label()}</Badge>
              {card.state === 'paused' && (
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setReassigning(card)}>
                    {t('orgs.reassign')}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setDeleting(card)}>
                    {t('orgs.delete_card')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ReassignDialog
        orgId={org.id}
        card={reassigning}
        members={(members.data ?? []).filter((member) => member.card_id === null)}
        onClose={() => setReassigning(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('orgs.delete_card_title', { username: deleting?.username ?? '' })}
        description={t('orgs.delete_card_body')}
        confirm={remove.isPending ? t('orgs.deleting') : t('orgs.delete_card')}
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (answer) => {
              toast.success(answer.message ?? t('orgs.card_deleted'));
              setDeleting(null);
            },
            onError: (error) => toast.error(errorMessage(error, t('orgs.delete_card_failed'))),
          })
        }
      />
    </Section>
  );
}
