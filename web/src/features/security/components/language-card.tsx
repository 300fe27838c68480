import { useId, useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@shared/i18n/languages';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { inputClass } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { appLanguage, chooseLanguage, words } from '@/lib/i18n';
import { useSaveLanguage } from '../api/language';

const t = words('account');

/**
 * The account's language (docs/product.md §8): the dashboard's and the e-mails', not the card's (its
 * visitors' language is set on the Profile screen). Saved with the account first; only then does
 * this browser switch (cookie and reload), so a failed save changes nothing.
 */
export function LanguageCard() {
  const id = useId();
  const user = useCurrentUser();
  const save = useSaveLanguage();
  const [error, setError] = useState<string | null>(null);
  // The choice shows while it saves; a failure puts the stored one back.
  const [picked, setPicked] = useState<Language | null>(null);
  const current = user.data?.account_language ?? appLanguage();

  const change = async (value: string) => {
    if (!user.data || !isLanguage(value) || value === current) return;
    setError(null);
    setPicked(value);
    try {
      const saved = await save.mutateAsync(value);
      chooseLanguage(saved.account_language);
    } catch (caught) {
      setPicked(null);
      setError(errorMessage(caught, t('account.language_failed')));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('account.language_title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <select
          id={`${id}-language`}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={Boolean(error)}
          className={`${inputClass} h-10 max-w-xs`}
          value={picked ?? current}
          disabled={!user.data || save.isPending}
          onChange={(event) => void change(event.target.value)}
        >
          {LANGUAGES.map((language) => (
            // Each named in itself, so someone who cannot read this screen still finds their own.
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
        <CardDescription id={`${id}-hint`} className="mt-2">
          {t('account.language_hint')}
        </CardDescription>
        <FieldError id={`${id}-error`} message={error ?? undefined} />
      </CardContent>
    </Card>
  );
}
