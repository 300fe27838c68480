import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { LANGUAGE_NAMES, LANGUAGES } from '@shared/i18n/languages';
import { FormField } from '@/components/form-field';
import { inputClass } from '@/components/ui/input';
import { words } from '@/lib/i18n';
import type { ProfileFormInput } from '../lib/profile-form-schema';

const t = words('profile');
const ID = 'profile-language';

/**
 * The card's language (docs/product.md §8): what its visitors read on it, on its contact form and
 * in its vCard. Saved with the profile; the dashboard's language is the account's (Settings).
 */
export function CardLanguageField({
  control,
  errors,
}: {
  control: Control<ProfileFormInput>;
  errors: FieldErrors<ProfileFormInput>;
}) {
  const error = errors.language?.message;
  return (
    <FormField id={ID} label={t('profile.card_language')} error={error}>
      {/* Controlled, as the visibility switch is: the saved language shows from the first render. */}
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <select
            id={ID}
            className={`${inputClass} mt-1 h-10 max-w-xs`}
            aria-invalid={!!error}
            aria-describedby={error ? `${ID}-error` : `${ID}-hint`}
            {...field}
          >
            {LANGUAGES.map((language) => (
              // Each named in itself, as on the account's language card.
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        )}
      />
      <p id={`${ID}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {t('profile.card_language_hint')}
      </p>
    </FormField>
  );
}
