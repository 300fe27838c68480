import { useState } from 'react';
import { toast } from '@/components/toast';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import type { Org, OrgMember } from '../api/keys';
import { useChangeRole, useMembers, useRemoveMember } from '../api/members';
import { useTransferOwnership } from '../api/orgs';
import { ConfirmDialog, Empty, Section } from './confirm-dialog';
import { Loading, RoleBadge } from './loading';

const t = words('orgs');

const selectClass =
  'h-10 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/** The members, their roles; change a role, remove a member, hand the organisation on (its owner). */
export function MembersSection({ org }: { org: Org }) {
  const members = useMembers(org.id);
  const role = useChangeRole(org.id);
  const remove = useRemoveMember(org.id);
  const transfer = useTransferOwnership(org.id);
  const [removing, setRemoving] = useState<OrgMember | null>(null);
  const [handing, setHanding] = useState<OrgMember | null>(null);
  const fail = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));

  return (
    <Section id="org-members" title={t('orgs.members_title')}>
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <LoadError
          message={errorMessage(members.error, t('orgs.members_failed'))}
          onRetry={() => void members.refetch()}
        />
      ) : members.data.length === 0 ? (
        <Empty>{t('orgs.members_none')}</Empty>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {members.data.map((member) => (
            <li key={member.user_id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate font-medium">{member.name || member.email}</p>
                <p dir="ltr" className="truncate text-start text-xs text-slate-600 dark:text-slate-400">
                  {member.email}
                </p>
              </div>
              {member.role === 'owner' ? (
                <RoleBadge role="owner" />
              ) : (
                <div className="flex flex-wrap items-center gap-2">
                  <label className="sr-only" htmlFor={`role-${member.user_id}`}>
                    {t('orgs.role_of', { name: member.name || member.email })}
                  </label>
                  <select
                    id={`role-${member.user_id}`}
                    className={selectClass}
                    value={member.role}
                    disabled={role.isPending}
                    onChange={(event) =>
                      role.mutate(
                        { userId: member.user_id, role: event.target.value as 'admin' | 'member' },
                        {
                          onSuccess: () => toast.success(t('orgs.role_changed')),
                          onError: fail(t('orgs.role_failed')),
                        },
                      )
                    }
                  >
                    <option value="member">{t('orgs.role_member')}</option>
                    <option value="admin">{t('orgs.role_admin')}</option>
                  </select>
                  {org.role === 'owner' && (
                    <Button variant="outline" size="sm" onClick={() => setHanding(member)}>
                      {t('orgs.make_owner')}
                    </Button>
                  )}
                  <Button variant="outline" size="sm" onClick={() => setRemoving(member)}>
                    {t('orgs.remove')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('orgs.remove_title', { name: removing?.name || removing?.email || '' })}
        description={t('orgs.remove_body', { org: org.name })}
        confirm={remove.isPending ? t('orgs.removing') : t('orgs.remove')}
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.user_id, {
            onSuccess: () => {
              toast.success(t('orgs.removed', { name: removing.name || removing.email }));
              setRemoving(null);
            },
            onError: fail(t('orgs.remove_failed')),
          })
        }
      />
      <ConfirmDialog
        open={handing !== null}
        onOpenChange={(open) => !open && setHanding(null)}
        title={t('orgs.transfer_title', { name: handing?.name || handing?.email || '' })}
        description={t('orgs.transfer_body')}
        confirm={transfer.isPending ? t('orgs.transferring') : t('orgs.make_owner')}
        pending={transfer.isPending}
        onConfirm={() =>
          handing &&
          transfer.mutate(handing.user_id, {
            onSuccess: () => {
              toast.success(t('orgs.transferred', { name: handing.name || handing.email }));
              setHanding(null);
            },
            onError: fail(t('orgs.transfer_failed')),
          })
        }
      />
    </Section>
  );
}
