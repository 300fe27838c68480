import type { Messages } from '@lingui/core';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { apiMessagePatterns, translateApiMessage } from '@shared/i18n/api-messages';
import type { Language } from '@shared/i18n/languages';
import { formatMessage } from './format-message';
import { appLanguage } from './i18n';

// A form's checks before sending come from the shared schemas, which say the spec's English (the
// API translates the same messages itself). In another language the app translates them through
// the API's catalogue, loaded with the first error it shows, so no screen's first load carries it.

type Module = { messages: Messages };
const API: Record<Exclude<Language, 'en'>, () => Promise<Module>> = {
  es: () => import('@shared/i18n/compiled/api/es'),
  'pt-BR': () => import('@shared/i18n/compiled/api/pt-br'),
  fr: () => import('@shared/i18n/compiled/api/fr'),
  de: () => import('@shared/i18n/compiled/api/de'),
  ar: () => import('@shared/i18n/compiled/api/ar'),
};

// One per language: the app speaks one per page load, tests and the prerender switch in place.
const translators: Partial<Record<Language, Promise<(english: string) => string>>> = {};

function load(language: Exclude<Language, 'en'>) {
  return (translators[language] ??= Promise.all([import('@shared/i18n/compiled/api/en'), API[language]()]).then(
    ([english, target]) => {
      const patterns = apiMessagePatterns(english.messages);
      const t = (key: string, values: Record<string, string | number> = {}) => {
        const message = target.messages[key];
        return message === undefined ? key : formatMessage(message, values, language);
      };
      return (message: string) => translateApiMessage(patterns, t, message);
    },
  ));
}

/** Every `message` in a form's errors in the app's language (English ones stay as they are). */
export async function translateFieldErrors<In extends FieldValues>(errors: FieldErrors<In>): Promise<FieldErrors<In>> {
  const language = appLanguage();
  if (language === 'en') return errors;
  const translate = await load(language);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        // A field's DOM element is not walked into.
        key === 'ref' ? inner : key === 'message' && typeof inner === 'string' ? translate(inner) : walk(inner),
      ]),
    );
  };
  return walk(errors) as FieldErrors<In>;
}
