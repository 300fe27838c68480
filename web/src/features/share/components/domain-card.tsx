import { Globe } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Domain } from '@shared/schemas/domains';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useCardId } from '@/lib/use-card-in-view';
import { useCardDomain, useChangeDomain } from '../api/card-domain';
import { CopyButton } from './copy-button';

const t = words('share');

/**
 * The card on the owner's own domain (docs/decisions/0103-custom-domains.md): add a name, the DNS
 * records to add for it, where it stands, remove it. Nothing at all when the deployment does not
 * offer domains.
 */
export function DomainCard() {
  const cardId = useCardId();
  const domain = useCardDomain(cardId);
  if (!cardId || !domain.data?.available) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('share.domain_title')}</CardTitle>
        <CardDescription>{t('share.domain_description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {domain.data.domain ? (
          <DomainState cardId={cardId} domain={domain.data.domain} />
        ) : (
          <AddDomain cardId={cardId} />
        )}
      </CardContent>
    </Card>
  );
}

function AddDomain({ cardId }: { cardId: string }) {
  const { add } = useChangeDomain(cardId);
  const [hostname, setHostname] = useState('');
  const error = add.error
    ? add.error instanceof ApiError && add.error.errors.hostname?.[0]
      ? add.error.errors.hostname[0]
      : errorMessage(add.error, t('share.domain_add_failed'))
    : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(hostname);
  };
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <Label htmlFor="card-domain">{t('share.domain_label')}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="card-domain"
          className="min-w-0 flex-1"
          value={hostname}
          onChange={(event) => setHostname(event.target.value)}
          placeholder="card.example.com"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          inputMode="url"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'card-domain-error' : 'card-domain-hint'}
        />
        <Button type="submit" disabled={add.isPending || hostname.trim() === ''}>
          <Globe className="h-4 w-4" aria-hidden />
          {add.isPending ? t('share.domain_adding') : t('share.domain_add')}
        </Button>
      </div>
      <p id="card-domain-hint" className="text-sm text-slate-600 dark:text-slate-400">
        {t('share.domain_hint')}
      </p>
      <FieldError id="card-domain-error" message={error} />
    </form>
  );
}

const STATE_WORDS = {
  pending: 'share.domain_state_pending',
  active: 'share.domain_state_active',
  failed: 'share.domain_state_failed',
  moved: 'share.domain_state_moved',
  blocked: 'share.domain_state_blocked',
  deleted: 'share.domain_state_deleted',
} as const;

function DomainState({ cardId, domain }: { cardId: string; domain: Domain }) {
  const { remove } = useChangeDomain(cardId);
  const until = domain.expires_at ? new Date(domain.expires_at).toLocaleDateString() : null;
  return (
    <div className="space-y-4">
      <div>
        <p className="font-medium break-all">{domain.hostname}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
          {t(STATE_WORDS[domain.state])}
        </p>
        {domain.state === 'pending' && domain.ssl_status === 'pending_issuance' && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('share.domain_issuing')}</p>
        )}
        {domain.state !== 'active' && until && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('share.domain_until', { date: until })}</p>
        )}
      </div>
      {domain.state === 'active' ? (
        <a className="text-sm font-medium text-brand-700 underline dark:text-brand-300" href={domain.url}>
          {domain.url}
        </a>
      ) : (
        domain.records.length > 0 && (
          <section aria-labelledby="domain-records" className="space-y-3">
            <h3 id="domain-records" className="text-sm font-semibold">
              {t('share.domain_records_title')}
            </h3>
            <ol className="list-decimal space-y-1 ps-5 text-sm text-slate-700 dark:text-slate-300">
              <li>{t('share.domain_step_sign_in')}</li>
              <li>{t('share.domain_step_txt')}</li>
              <li>{t('share.domain_step_cname')}</li>
              <li>{t('share.domain_step_wait')}</li>
            </ol>
            <ul className="space-y-3">
              {domain.records.map((record) => (
                <li
                  key={`${record.type} ${record.name}`}
                  className="rounded-md border p-3 text-sm dark:border-slate-700"
                >
                  <p className="font-semibold">{record.type}</p>
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <span className="text-slate-600 dark:text-slate-400">{t('share.domain_record_name')}</span>
                    <code className="min-w-0 flex-1 break-all">{record.name}</code>
                    <CopyButton
                      text={record.name}
                      label={t('share.domain_copy_name', { type: record.type })}
                      toastText={t('share.domain_copied')}
                    />
                  </div>
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <span className="text-slate-600 dark:text-slate-400">{t('share.domain_record_value')}</span>
                    <code className="min-w-0 flex-1 break-all">{record.value}</code>
                    <CopyButton
                      text={record.value}
                      label={t('share.domain_copy_value', { type: record.type })}
                      toastText={t('share.domain_copied')}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )
      )}
      {domain.problems.length > 0 && domain.state !== 'active' && (
        <ul
          className="list-disc ps-5 text-sm text-slate-600 dark:text-slate-400"
          aria-label={t('share.domain_problems')}
        >
          {domain.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <Button variant="outline" onClick={() => remove.mutate()} disabled={remove.isPending}>
        {t('share.domain_remove')}
      </Button>
      {remove.isError && <p role="alert">{errorMessage(remove.error, t('share.domain_remove_failed'))}</p>}
    </div>
  );
}
