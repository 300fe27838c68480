import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import type { AuditEntry } from '../api/keys';
import { useAudit } from '../api/audit';
import { useMembers } from '../api/members';
import { Empty } from './confirm-dialog';
import { formatDate } from './format';
import { Loading } from './loading';

const t = words('orgs');

// The audit log's actions (worker/services/orgs), each as a sentence; an action this screen does not
// know yet shows its code, so nothing in the log is hidden.
const ACTIONS: Record<string, () => string> = {
  'org.created': () => t('orgs.audit_org_created'),
  'org.updated': () => t('orgs.audit_org_updated'),
  'org.owner_transferred': () => t('orgs.audit_org_owner'),
  'member.invited': () => t('orgs.audit_invited'),
  'member.invitation_resent': () => t('orgs.audit_resent'),
  'member.invitation_withdrawn': () => t('orgs.audit_withdrawn'),
  'member.joined': () => t('orgs.audit_joined'),
  'member.role_changed': () => t('orgs.audit_role'),
  'member.removed': () => t('orgs.audit_removed'),
  'member.left': () => t('orgs.audit_left'),
  'card.reassigned': () => t('orgs.audit_reassigned'),
  'card.deleted': () => t('orgs.audit_card_deleted'),
  'invite_link.on': () => t('orgs.audit_link_on'),
  'invite_link.off': () => t('orgs.audit_link_off'),
  'audit.exported': () => t('orgs.audit_exported'),
};

/** The last 200 entries, newest first: when, who, what, and to whom. */
export function AuditLog({ orgId }: { orgId: string }) {
  const audit = useAudit(orgId);
  const members = useMembers(orgId);
  if (audit.isPending) return <Loading />;
  if (audit.isError)
    return (
      <LoadError message={errorMessage(audit.error, t('orgs.audit_failed'))} onRetry={() => void audit.refetch()} />
    );
  if (audit.data.length === 0) return <Empty>{t('orgs.audit_none')}</Empty>;
  const who = (entry: AuditEntry) => {
    const member = members.data?.find((item) => item.user_id === entry.actor_id);
    return member ? member.name || member.email : entry.actor_id ? t('orgs.audit_someone') : t('orgs.audit_system');
  };
  return (
    <ol className="max-h-[32rem] divide-y divide-slate-200 overflow-y-auto text-sm dark:divide-slate-800">
      {audit.data.map((entry) => (
        <li key={entry.id} className="py-2">
          <p>
            <span className="font-medium">{who(entry)}</span> · {ACTIONS[entry.action]?.() ?? entry.action}
            {entry.subject ? (
              <>
                {' '}
                · <span dir="ltr">{subjectOf(entry, members.data)}</span>
              </>
            ) : null}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The subject as a person reads it: a member's name rather than their account's id. */
function subjectOf(entry: AuditEntry, members: { user_id: string; name: string; email: string }[] | undefined) {
  const member = members?.find((item) => item.user_id === entry.subject);
  if (member) return member.name || member.email;
  // An account that is no longer a member: its id would tell a reader nothing.
  return ACCOUNT_ID.test(entry.subject) ? t('orgs.audit_former') : entry.subject;
}
