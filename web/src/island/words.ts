import type { Messages } from '@lingui/core';
import type { IslandKey } from '@shared/i18n/compiled/keys';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/i18n/languages';
import { translator, type Translate } from '@shared/i18n/translate';

export type IslandT = Translate<IslandKey>;

// One chunk per language (decision 75): a visitor downloads only the card's own words, in
// the language the page was rendered in (<html lang>).
const LOADERS: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import('@shared/i18n/compiled/island/en'),
  es: () => import('@shared/i18n/compiled/island/es'),
  'pt-BR': () => import('@shared/i18n/compiled/island/pt-br'),
  fr: () => import('@shared/i18n/compiled/island/fr'),
  de: () => import('@shared/i18n/compiled/island/de'),
  ar: () => import('@shared/i18n/compiled/island/ar'),
};

export async function loadWords(): Promise<IslandT> {
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const { messages } = await LOADERS[language]();
  return translator<IslandKey>(language, messages);
}
