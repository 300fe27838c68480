import { setupI18n, type Messages } from '@lingui/core';
import type { Language } from './languages';

export type Values = Record<string, string | number>;
export type Translate<K extends string> = (key: K, values?: Values) => string;

/**
 * A translate function over one language's compiled messages (shared/i18n/compiled). Lingui's
 * runtime interpolates and picks plural forms with Intl; the messages arrive compiled, so its
 * parser never runs (and production builds drop it).
 */
export function translator<K extends string>(language: Language, messages: Messages): Translate<K> {
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  return (key, values) => i18n._(key, values);
}
