import { toast } from '@/components/toast';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from './format';
import { words } from '@/lib/i18n';
import { useInvitations, useResendInvitation, useWithdrawInvitation } from '../api/invitations';
import { Empty } from './confirm-dialog';
import { Loading } from './loading';

const t = words('orgs');

/** The invitations still waiting, with resend (a new link) and withdraw (the card goes). */
export function InvitationsList({ orgId }: { orgId: string }) {
  const invitations = useInvitations(orgId);
  const resend = useResendInvitation(orgId);
  const withdraw = useWithdrawInvitation(orgId);
  if (invitations.isPending) return <Loading />;
  if (invitations.isError)
    return (
      <LoadError
        message={errorMessage(invitations.error, t('orgs.invitations_failed'))}
        onRetry={() => void invitations.refetch()}
      />
    );
  const pending = invitations.data.filter((invitation) => invitation.status === 'pending');
  if (pending.length === 0) return <Empty>{t('orgs.invitations_none')}</Empty>;
  const busy = resend.isPending || withdraw.isPending;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800">
      {pending.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
          <div className="min-w-0 flex-1 basis-48">
            <p dir="ltr" className="truncate text-start font-medium">
              {invitation.email}
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {invitation.sent_at
                ? t('orgs.invitation_sent', { date: formatDate(invitation.sent_at), sends: invitation.sends })
                : t('orgs.invitation_unsent')}
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={t('orgs.resend_to', { email: invitation.email })}
              onClick={() =>
                resend.mutate(invitation.id, {
                  onSuccess: () => toast.success(t('orgs.resent', { email: invitation.email })),
                  onError: (error) => toast.error(errorMessage(error, t('orgs.resend_failed'))),
                })
              }
            >
              {t('orgs.resend')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={t('orgs.withdraw_to', { email: invitation.email })}
              onClick={() =>
                withdraw.mutate(invitation.id, {
                  onSuccess: () => toast.success(t('orgs.withdrawn', { email: invitation.email })),
                  onError: (error) => toast.error(errorMessage(error, t('orgs.withdraw_failed'))),
                })
              }
            >
              {t('orgs.withdraw')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
