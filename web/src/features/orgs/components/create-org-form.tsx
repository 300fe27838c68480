import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/toast';
import { ORG_SLUG_MAX } from '@shared/schemas/orgs-bodies';
import { getHref } from '@/config/paths';
import { TextField } from '@/components/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useCreateOrg } from '../api/orgs';

const t = words('orgs');

/** A short name from the name: lowercase letters, numbers and hyphens (the API's rule). */
const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ORG_SLUG_MAX)
    .replace(/-+$/, '');

/** 'New organisation': its name and short name; the account becomes its owner. */
export function CreateOrgForm() {
  const create = useCreateOrg();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const fieldErrors = create.error instanceof ApiError ? create.error.errors : {};
  const shownSlug = slugTouched ? slug : slugOf(name);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, slug: shownSlug },
      {
        onSuccess: (answer) => {
          toast.success(t('orgs.created', { name: answer.data.name }));
          void navigate(getHref('orgTab', { orgId: answer.data.id, tab: 'members' }));
        },
      },
    );
  };
  const general = create.isError && !fieldErrors.name && !fieldErrors.slug;
  return (
    <section
      aria-labelledby="orgs-new"
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="orgs-new" className="text-lg font-semibold">
        {t('orgs.new_title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('orgs.new_hint')}</p>
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        <TextField
          id="org-name"
          label={t('orgs.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldErrors.name?.[0]}
          autoComplete="organization"
          maxLength={100}
          required
        />
        <TextField
          id="org-slug"
          label={t('orgs.slug')}
          value={shownSlug}
          onChange={(event) => {
            setSlugTouched(true);
            setSlug(event.target.value);
          }}
          error={fieldErrors.slug?.[0]}
          dir="ltr"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={ORG_SLUG_MAX}
          required
        />
        <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400">{t('orgs.slug_hint')}</p>
        {general && <Alert>{errorMessage(create.error, t('orgs.create_failed'))}</Alert>}
        <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
          {create.isPending ? t('orgs.creating') : t('orgs.create')}
        </Button>
      </form>
    </section>
  );
}
