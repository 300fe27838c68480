import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/toast';
import { ORG_SEATS_MAX } from '@shared/schemas/orgs-bodies';
import { getHref } from '@/config/paths';
import { LoadError } from '@/components/load-error';
import { TextField } from '@/components/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import type { Org } from '../api/keys';
import { useLeaveOrg, useOrg, useUpdateOrg } from '../api/orgs';
import { AuditLog } from './audit-log';
import { ConfirmDialog, Section } from './confirm-dialog';
import { Loading } from './loading';

const t = words('orgs');

/** The Settings tab: the organisation's name, seats and moved-on link, leaving it, and its audit log. */
export function SettingsTab({ orgId }: { orgId: string }) {
  const org = useOrg(orgId);
  if (org.isPending) return <Loading />;
  if (org.isError)
    return <LoadError message={errorMessage(org.error, t('orgs.org_failed'))} onRetry={() => void org.refetch()} />;
  const manager = org.data.role !== 'member';
  return (
    <div className="space-y-6">
      {manager ? <OrgForm key={org.data.id} org={org.data} /> : <OrgFacts org={org.data} />}
      <Leave org={org.data} />
      {manager && (
        <Section id="org-audit" title={t('orgs.audit_title')} hint={t('orgs.audit_hint')}>
          <AuditLog orgId={orgId} />
        </Section>
      )}
    </div>
  );
}

function OrgFacts({ org }: { org: Org }) {
  return (
    <Section id="org-about" title={t('orgs.about_title')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">{t('orgs.name')}</dt>
        <dd>{org.name}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('orgs.slug')}</dt>
        <dd dir="ltr" className="text-start">
          {org.slug}
        </dd>
      </dl>
    </Section>
  );
}

function OrgForm({ org }: { org: Org }) {
  const update = useUpdateOrg(org.id);
  const [name, setName] = useState(org.name);
  const [seats, setSeats] = useState(String(org.seats));
  const [movedOn, setMovedOn] = useState(org.moved_on_url);
  const errors = update.error instanceof ApiError ? update.error.errors : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const count = Number(seats);
    update.mutate(
      { name, seats: Number.isFinite(count) && seats.trim() !== '' ? count : Number.NaN, moved_on_url: movedOn },
      { onSuccess: () => toast.success(t('orgs.saved')) },
    );
  };
  const general = update.isError && !errors.name && !errors.seats && !errors.moved_on_url;
  return (
    <Section id="org-about" title={t('orgs.about_title')}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <TextField
          id="org-settings-name"
          label={t('orgs.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name?.[0]}
          maxLength={100}
        />
        <div>
          <p className="text-sm font-medium">{t('orgs.slug')}</p>
          <p dir="ltr" className="mt-1 text-start text-sm">
            {org.slug}
          </p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('orgs.slug_fixed')}</p>
        </div>
        <TextField
          id="org-settings-seats"
          label={t('orgs.seats')}
          type="number"
          inputMode="numeric"
          min={1}
          max={ORG_SEATS_MAX}
          value={seats}
          onChange={(event) => setSeats(event.target.value)}
          error={errors.seats?.[0]}
        />
        <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400">
          {t('orgs.seats_used', { used: org.seats_used, seats: org.seats })}
        </p>
        <TextField
          id="org-settings-moved-on"
          label={t('orgs.moved_on')}
          type="url"
          dir="ltr"
          placeholder="https://"
          value={movedOn}
          onChange={(event) => setMovedOn(event.target.value)}
          error={errors.moved_on_url?.[0]}
        />
        <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400">{t('orgs.moved_on_hint')}</p>
        {general && <Alert>{errorMessage(update.error, t('orgs.save_failed'))}</Alert>}
        <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
          {update.isPending ? t('orgs.saving') : t('orgs.save')}
        </Button>
      </form>
    </Section>
  );
}

function Leave({ org }: { org: Org }) {
  const leave = useLeaveOrg(org.id);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (org.role === 'owner')
    return (
      <Section id="org-leave" title={t('orgs.leave_title')}>
        <p className="text-sm">{t('orgs.leave_owner')}</p>
      </Section>
    );
  return (
    <Section id="org-leave" title={t('orgs.leave_title')} hint={t('orgs.leave_hint', { org: org.name })}>
      <Button variant="destructive" onClick={() => setOpen(true)} className="w-full sm:w-auto">
        {t('orgs.leave')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('orgs.leave_confirm_title', { org: org.name })}
        description={t('orgs.leave_hint', { org: org.name })}
        confirm={leave.isPending ? t('orgs.leaving') : t('orgs.leave')}
        pending={leave.isPending}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              toast.success(t('orgs.left', { org: org.name }));
              void navigate(getHref('orgs'), { replace: true });
            },
            onError: (error) => {
              setOpen(false);
              toast.error(errorMessage(error, t('orgs.leave_failed')));
            },
          })
        }
      />
    </Section>
  );
}
