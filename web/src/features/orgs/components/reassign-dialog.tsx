import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/toast';
import { LoadError } from '@/components/load-error';
import { TextField } from '@/components/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useOrgTemplate } from '@/lib/org-template-query';
import type { OrgMember, WorkCard } from '../api/keys';
import { useReassignCard } from '../api/members';

const t = words('orgs');
const ta = words('app');

/**
 * Hands a paused card to a member who holds none here: same username, QR code, links and counts.
 * Its name is the one given, unless the template locks the name: then the card keeps that one,
 * shown read-only, and none is sent.
 */
export function ReassignDialog({
  orgId,
  card,
  members,
  onClose,
}: {
  orgId: string;
  card: WorkCard | null;
  members: OrgMember[];
  onClose: () => void;
}) {
  const reassign = useReassignCard(orgId);
  const [userId, setUserId] = useState('');
  const [name, setName] = useState('');
  const chosen = members.find((member) => member.user_id === userId);
  const open = card !== null;
  const template = useOrgTemplate(open ? orgId : null);
  const locked = template.data?.rules.name === 'locked' ? (template.data.locked_values.name ?? '') : null;
  const given = locked ?? (name || chosen?.name || '');
  const close = () => {
    if (reassign.isPending) return;
    reassign.reset();
    setUserId('');
    setName('');
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!card) return;
    reassign.mutate(
      { cardId: card.id, userId, name: locked === null ? given : undefined },
      {
        onSuccess: () => {
          toast.success(t('orgs.reassigned', { username: card.username, name: given }));
          reassign.reset();
          setUserId('');
          setName('');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent
        title={t('orgs.reassign_title', { username: card?.username ?? '' })}
        description={t('orgs.reassign_body')}
      >
        {members.length === 0 ? (
          <p className="text-sm">{t('orgs.reassign_nobody')}</p>
        ) : (
          <form onSubmit={onSubmit} className="space-y-4">
            <div>
              <Label htmlFor="reassign-member">{t('orgs.reassign_to')}</Label>
              <select
                id="reassign-member"
                className="mt-1.5 h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
                value={userId}
                onChange={(event) => {
                  setUserId(event.target.value);
                  setName(members.find((member) => member.user_id === event.target.value)?.name ?? '');
                }}
                required
              >
                <option value="">{t('orgs.reassign_choose')}</option>
                {members.map((member) => (
                  <option key={member.user_id} value={member.user_id}>
                    {member.name ? `${member.name} (${member.email})` : member.email}
                  </option>
                ))}
              </select>
            </div>
            {template.data ? (
              <TextField
                id="reassign-name"
                label={t('orgs.reassign_name')}
                value={locked ?? name}
                onChange={(event) => setName(event.target.value)}
                maxLength={100}
                readOnly={locked !== null}
                aria-describedby={locked !== null ? 'reassign-name-locked' : undefined}
              />
            ) : template.isError ? (
              <LoadError
                message={t('orgs.reassign_template_failed')}
                onRetry={() => void template.refetch()}
                retrying={template.isFetching}
              />
            ) : (
              <div role="status" aria-busy="true" aria-label={t('orgs.reassign_loading')}>
                <Skeleton className="h-16 w-full" />
              </div>
            )}
            {locked !== null && (
              <p id="reassign-name-locked" className="text-xs text-slate-500 dark:text-slate-400">
                <Lock className="me-1 inline h-3 w-3" aria-hidden />
                {t('orgs.reassign_name_locked', { organisation: template.data?.org_name ?? '' })}
              </p>
            )}
            {reassign.isError && <Alert>{errorMessage(reassign.error, t('orgs.reassign_failed'))}</Alert>}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline" disabled={reassign.isPending}>
                  {ta('app.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" disabled={reassign.isPending || !userId || !template.data}>
                {reassign.isPending ? t('orgs.reassigning') : t('orgs.reassign')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
