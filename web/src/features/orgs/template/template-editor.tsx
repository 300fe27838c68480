import { useMemo, useState, type FormEvent } from 'react';
import { toast } from '@/components/toast';
import type { OrgsTemplateKey } from '@shared/i18n/compiled/keys';
import {
  FIELD_RULES,
  TEMPLATE_FIELDS,
  TEXT_FIELDS,
  isTextField,
  type FieldRule,
  type TemplateField,
  type TextField,
} from '@shared/org-template';
import type { OrgTemplate } from '@shared/schemas/org-template';
import { SIGNATURE_LAYOUTS, type SignatureLayout } from '@shared/signature-layouts';
import type { CustomTheme } from '@shared/types';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { SaveBar } from '@/components/save-bar';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input, inputClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { words } from '@/lib/i18n';
import { useOrgTemplate, useSaveOrgTemplate } from '@/lib/org-template-query';
import { useThemes } from '@/lib/themes-query';
import { LayoutCard } from './layout-card';
import { LookCard } from './look-card';
import { sampleCard } from './sample-card';
import { LogoCard } from './logo-card';
import { RequiredLinksCard } from './required-links-card';

const t = words('orgs-template');

const RULE_WORDS: Record<FieldRule, OrgsTemplateKey> = {
  locked: 'orgs-template.rule_locked',
  required: 'orgs-template.rule_required',
  optional: 'orgs-template.rule_optional',
  hidden: 'orgs-template.rule_hidden',
};
const FIELD_WORDS: Record<TemplateField, OrgsTemplateKey> = {
  name: 'orgs-template.f_name',
  job_title: 'orgs-template.f_job_title',
  company: 'orgs-template.f_company',
  phone: 'orgs-template.f_phone',
  public_email: 'orgs-template.f_public_email',
  location: 'orgs-template.f_location',
  pronouns: 'orgs-template.f_pronouns',
  bio: 'orgs-template.f_bio',
  photo: 'orgs-template.f_photo',
  cover: 'orgs-template.f_cover',
  links: 'orgs-template.f_links',
};

const SIGNATURE_WORDS: Record<SignatureLayout, OrgsTemplateKey> = {
  standard: 'orgs-template.sig_standard',
  compact: 'orgs-template.sig_compact',
  banner: 'orgs-template.sig_banner',
};

type Draft = {
  themeId: number | null;
  custom: CustomTheme | null;
  templateId: number | null;
  signatureLayout: SignatureLayout | null;
  rules: Record<TemplateField, FieldRule>;
  values: Partial<Record<TextField, string>>;
  links: { title: string; url: string }[];
};

const draftOf = (template: OrgTemplate): Draft => ({
  themeId: template.theme_id,
  custom: template.custom_theme,
  templateId: template.template_id,
  signatureLayout: template.signature_layout,
  rules: { ...template.rules },
  values: { ...template.locked_values },
  links: template.required_links.map((link) => ({ ...link })),
});

/** What Save sends for a draft; two drafts that send the same are the same template. */
const bodyOf = (draft: Draft) => ({
  theme_id: draft.themeId,
  template_id: draft.templateId,
  custom_theme: draft.custom,
  signature_layout: draft.signatureLayout,
  rules: draft.rules,
  // Only a locked text field has a value of the organisation's: the API refuses one for any other.
  locked_values: Object.fromEntries(
    TEXT_FIELDS.filter((field) => draft.rules[field] === 'locked' && draft.values[field] !== undefined).map((field) => [
      field,
      draft.values[field],
    ]),
  ),
  required_links: draft.links,
});

/** Loads the template, then edits it (filled once, so a refetch never overwrites what is typed). */
export function TemplateEditor({ orgId }: { orgId: string }) {
  const template = useOrgTemplate(orgId);
  if (template.isError && !template.data)
    return (
      <LoadError
        message={errorMessage(template.error, t('orgs-template.load_failed'))}
        onRetry={() => void template.refetch()}
        retrying={template.isFetching}
      />
    );
  if (!template.data)
    return (
      <div role="status" aria-busy="true" aria-label={t('orgs-template.loading')}>
        <Skeleton className="h-96 w-full" />
      </div>
    );
  return <TemplateForm key={template.data.org_id} orgId={orgId} template={template.data} />;
}

function TemplateForm({ orgId, template }: { orgId: string; template: OrgTemplate }) {
  const save = useSaveOrgTemplate(orgId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  // The API's per-field messages ('locked_values.company', 'required_links.0.url', …).
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const errorOf = (key: string) => errors[key]?.[0];
  const change = (patch: Partial<Draft>) => setDraft((now) => ({ ...now, ...patch }));
  const themes = useThemes();
  // A work card as the template draws it, for the look's and the layout's previews.
  const card = useMemo(() => sampleCard(template, draft.values, draft.links), [template, draft.values, draft.links]);

  const body = bodyOf(draft);
  const dirty = JSON.stringify(body) !== JSON.stringify(bodyOf(draftOf(template)));
  // Why the last save failed: the save bar says it, where a toast would lie over the bar.
  const [failure, setFailure] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(undefined);
    try {
      const answer = await save.mutateAsync(body);
      // The stored template is the form's new starting point: the bar goes, the message stays a moment.
      setDraft(draftOf(answer.data));
      toast.success(answer.message);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      setFailure(errorMessage(error, t('orgs-template.save_failed')));
    }
  };

  return (
    <form
      id="org-template-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mx-auto max-w-3xl space-y-6"
    >
      <PageHeader
        title={t('orgs-template.title')}
        subtitle={t('orgs-template.subtitle', { organisation: template.org_name })}
      />

      <LookCard
        orgId={orgId}
        look={{ themeId: draft.themeId, custom: draft.custom }}
        card={card}
        onChange={(look) => change(look)}
        errorOf={errorOf}
        customErrors={Object.entries(errors)
          .filter(([key]) => key.startsWith('custom_theme') && key !== 'custom_theme.background_image')
          .map(([key, messages]) => [key, messages[0] ?? ''])}
      />
      <LayoutCard
        templateId={draft.templateId}
        card={card}
        look={{ theme: themes.data?.find((theme) => theme.id === draft.themeId) ?? null, custom: draft.custom }}
        onChange={(templateId) => change({ templateId })}
        error={errorOf('template_id')}
      />
      <Card>
        <CardHeader>
          <CardTitle>{t('orgs-template.signature')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <Label htmlFor="org-template-signature">{t('orgs-template.signature_layout')}</Label>
          <select
            id="org-template-signature"
            className={`${inputClass} h-10 w-full sm:w-64`}
            value={draft.signatureLayout ?? ''}
            aria-invalid={!!errorOf('signature_layout')}
            aria-describedby={errorOf('signature_layout') ? 'org-template-signature-error' : undefined}
            onChange={(event) => change({ signatureLayout: (event.target.value || null) as SignatureLayout | null })}
          >
            <option value="">{t('orgs-template.sig_own')}</option>
            {SIGNATURE_LAYOUTS.map((layout) => (
              <option key={layout} value={layout}>
                {t(SIGNATURE_WORDS[layout])}
              </option>
            ))}
          </select>
          <FieldError id="org-template-signature-error" message={errorOf('signature_layout')} />
        </CardContent>
      </Card>

      <LogoCard orgId={orgId} />

      <Card>
        <CardHeader>
          <CardTitle>{t('orgs-template.fields')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {TEMPLATE_FIELDS.map((field) => {
              const label = t(FIELD_WORDS[field]);
              const ruleId = `org-template-rule-${field}`;
              const valueId = `org-template-value-${field}`;
              const ruleError = errorOf(`rules.${field}`);
              const valueError = errorOf(`locked_values.${field}`);
              return (
                <li key={field} className="space-y-2 py-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Label htmlFor={ruleId}>{label}</Label>
                    <select
                      id={ruleId}
                      aria-label={t('orgs-template.rule', { field: label })}
                      className={`${inputClass} h-10 w-40`}
                      value={draft.rules[field]}
                      aria-invalid={!!ruleError}
                      aria-describedby={ruleError ? `${ruleId}-error` : undefined}
                      onChange={(event) =>
                        change({ rules: { ...draft.rules, [field]: event.target.value as FieldRule } })
                      }
                    >
                      {FIELD_RULES.map((rule) => (
                        <option key={rule} value={rule}>
                          {t(RULE_WORDS[rule])}
                        </option>
                      ))}
                    </select>
                  </div>
                  <FieldError id={`${ruleId}-error`} message={ruleError} />
                  {draft.rules[field] === 'locked' && isTextField(field) ? (
                    <div>
                      <Label htmlFor={valueId}>{t('orgs-template.locked_value', { field: label })}</Label>
                      <Input
                        id={valueId}
                        className="mt-1"
                        dir="auto"
                        value={draft.values[field] ?? ''}
                        aria-invalid={!!valueError}
                        aria-describedby={valueError ? `${valueId}-error` : undefined}
                        onChange={(event) => change({ values: { ...draft.values, [field]: event.target.value } })}
                      />
                      <FieldError id={`${valueId}-error`} message={valueError} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>

      <RequiredLinksCard links={draft.links} onChange={(links) => change({ links })} errorOf={errorOf} />

      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        saveLabel={t('orgs-template.save')}
        form="org-template-form"
        error={failure}
        onDiscard={() => {
          setDraft(draftOf(template));
          setErrors({});
          setFailure(undefined);
        }}
      />
    </form>
  );
}
