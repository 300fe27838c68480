import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import type { ProfileFormInput } from '../lib/profile-form-schema';

// The business card's fields (issue 22): all optional, each shown on the card, in the saved
// contact and in the share kit once given.

export const BUSINESS_FIELDS = ['job_title', 'company', 'phone', 'public_email', 'location', 'pronouns'] as const;
type Field = (typeof BUSINESS_FIELDS)[number];

const ROWS: {
  field: Field;
  label: string;
  hint?: string;
  type?: string;
  autoComplete: string;
  placeholder?: string;
}[] = [
  { field: 'job_title', label: 'Job title', autoComplete: 'organization-title', placeholder: 'Head of Design' },
  { field: 'company', label: 'Company', autoComplete: 'organization', placeholder: 'Acme Ltd' },
  {
    field: 'phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    placeholder: '+44 20 7946 0958',
    hint: 'With the country code. Shown on your card and saved in your contact.',
  },
  {
    field: 'public_email',
    label: 'Email on your card',
    type: 'email',
    autoComplete: 'email',
    placeholder: 'jane@acme.com',
    hint: 'Visitors see this address; your sign-in email stays private.',
  },
  { field: 'location', label: 'Location', autoComplete: 'address-level2', placeholder: 'Berlin, Germany' },
  { field: 'pronouns', label: 'Pronouns', autoComplete: 'off', placeholder: 'she/her' },
];

export function BusinessFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProfileFormInput>;
  errors: FieldErrors<ProfileFormInput>;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold">Business card</legend>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Optional. Leave a field empty to keep it off your card.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {ROWS.map(({ field, label, hint, type, autoComplete, placeholder }) => {
          const id = `profile-${field.replace('_', '-')}`;
          const error = errors[field]?.message;
          // An error replaces the hint as the field's description, so it is what a reader hears.
          const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
          return (
            <FormField key={field} id={id} label={label} error={error}>
              <Input
                id={id}
                className="mt-1"
                type={type ?? 'text'}
                autoComplete={autoComplete}
                placeholder={placeholder}
                aria-invalid={!!error}
                aria-describedby={described}
                {...register(field)}
              />
              {hint ? (
                <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {hint}
                </p>
              ) : null}
            </FormField>
          );
        })}
      </div>
    </fieldset>
  );
}
