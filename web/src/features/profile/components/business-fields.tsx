import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import type { ProfileKey } from '@shared/i18n/compiled/keys';
import { words } from '@/lib/i18n';
import type { ProfileFormInput } from '../lib/profile-form-schema';
import { OrgRuleNote, type FieldRuling } from './org-rule';

// The business card's fields (docs/product.md §2, Profile): all optional, each shown on the card, in the saved
// contact and in the share kit once given.

export const BUSINESS_FIELDS = ['job_title', 'company', 'phone', 'public_email', 'location', 'pronouns'] as const;
export type Field = (typeof BUSINESS_FIELDS)[number];

const t = words('profile');

// Keys, not words: they are read in the app's language when the form renders.
export const ROWS: {
  field: Field;
  label: ProfileKey;
  hint?: ProfileKey;
  type?: string;
  autoComplete: string;
  placeholder?: ProfileKey;
  /** An example that is the same in every language. */
  example?: string;
  dir: 'auto' | 'ltr';
}[] = [
  {
    field: 'job_title',
    label: 'profile.job_title',
    autoComplete: 'organization-title',
    placeholder: 'profile.job_title_example',
    dir: 'auto',
  },
  {
    field: 'company',
    label: 'profile.company',
    autoComplete: 'organization',
    placeholder: 'profile.company_example',
    dir: 'auto',
  },
  {
    field: 'phone',
    label: 'profile.phone',
    type: 'tel',
    autoComplete: 'tel',
    example: '+44 20 7946 0958',
    hint: 'profile.phone_hint',
    dir: 'ltr',
  },
  {
    field: 'public_email',
    label: 'profile.public_email',
    type: 'email',
    autoComplete: 'email',
    example: 'jane@acme.com',
    hint: 'profile.public_email_hint',
    dir: 'ltr',
  },
  {
    field: 'location',
    label: 'profile.location',
    autoComplete: 'address-level2',
    placeholder: 'profile.location_example',
    dir: 'auto',
  },
  {
    field: 'pronouns',
    label: 'profile.pronouns',
    autoComplete: 'off',
    placeholder: 'profile.pronouns_example',
    dir: 'auto',
  },
];

export function BusinessFields({
  register,
  errors,
  rulingOf = () => null,
}: {
  register: UseFormRegister<ProfileFormInput>;
  errors: FieldErrors<ProfileFormInput>;
  /** A work card's rule for each field (org-rule.tsx); a personal card has none. */
  rulingOf?: (field: Field) => FieldRuling | null;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold">{t('profile.business_card')}</legend>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('profile.business_hint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {ROWS.map(({ field, label, hint, type, autoComplete, placeholder, example, dir }) => {
          const ruling = rulingOf(field);
          // A field the organisation hides is not the member's to fill (docs/decisions/0105-org-templates.md).
          if (ruling?.rule === 'hidden') return null;
          const id = `profile-${field.replace('_', '-')}`;
          const error = errors[field]?.message;
          const ruled = ruling?.rule === 'locked' || ruling?.rule === 'required';
          // An error replaces the hint as the field's description, so it is what a reader hears.
          const described = error ? `${id}-error` : ruled ? `${id}-org` : hint ? `${id}-hint` : undefined;
          return (
            <FormField key={field} id={id} label={t(label)} error={error}>
              <Input
                id={id}
                className="mt-1"
                type={type ?? 'text'}
                autoComplete={autoComplete}
                placeholder={placeholder ? t(placeholder) : example}
                dir={dir}
                aria-invalid={!!error}
                aria-describedby={described}
                readOnly={ruling?.rule === 'locked'}
                aria-required={ruling?.rule === 'required' || undefined}
                {...register(field)}
              />
              <OrgRuleNote id={`${id}-org`} ruling={ruling} />
              {hint && !ruled ? (
                <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {t(hint)}
                </p>
              ) : null}
            </FormField>
          );
        })}
      </div>
    </fieldset>
  );
}
