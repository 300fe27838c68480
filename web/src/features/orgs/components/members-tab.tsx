import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { orgQueryOptions } from '../api/orgs';
import { Section } from './confirm-dialog';
import { InvitationsList } from './invitations-list';
import { InviteCsv } from './invite-csv';
import { InviteEmails } from './invite-emails';
import { InviteLink } from './invite-link';
import { MembersSection } from './members-section';
import { Loading } from './loading';
import { WorkCardsSection } from './work-cards-section';

const t = words('orgs');

/** The Members tab (owner and admins): seats, members, work cards, invitations. */
export function MembersTab({ orgId }: { orgId: string }) {
  // The seats used, afresh each time the tab opens, as its lists are (api/members.ts).
  const org = useQuery({ ...orgQueryOptions(orgId), refetchOnMount: 'always' });
  if (org.isPending) return <Loading />;
  if (org.isError)
    return <LoadError message={errorMessage(org.error, t('orgs.org_failed'))} onRetry={() => void org.refetch()} />;
  const full = org.data.seats_used >= org.data.seats;
  return (
    <div className="space-y-6">
      <p className="text-sm" role={full ? 'alert' : undefined}>
        <span className="font-medium">
          {t('orgs.seats_used', { used: org.data.seats_used, seats: org.data.seats })}
        </span>
        {full ? ` ${t('orgs.seats_full')}` : ''}
      </p>
      <MembersSection org={org.data} />
      <WorkCardsSection org={org.data} />
      <Section id="org-invite" title={t('orgs.invite_title')} hint={t('orgs.invite_hint')}>
        <div className="space-y-6">
          <InviteEmails orgId={orgId} />
          <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
            <h3 className="mb-2 font-medium">{t('orgs.csv_title')}</h3>
            <InviteCsv orgId={orgId} />
          </div>
          <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
            <h3 className="mb-2 font-medium">{t('orgs.link_title')}</h3>
            <InviteLink org={org.data} />
          </div>
        </div>
      </Section>
      <Section id="org-invitations" title={t('orgs.invitations_title')}>
        <InvitationsList orgId={orgId} />
      </Section>
    </div>
  );
}
