import type { Messages } from '@lingui/core';
import { parse } from 'hono/utils/cookie';
import { isLanguage, LANGUAGE_COOKIE, pickLanguage, type Language } from '@shared/i18n/languages';
import { apiMessagePatterns, translateApiMessage, type ApiMessagePatterns } from '@shared/i18n/api-messages';
import { translator, type Translate } from '@shared/i18n/translate';
import type { ApiKey, CardKey, MailKey, PageKey } from '@shared/i18n/compiled/keys';
import { messages as apiEnglish } from '@shared/i18n/compiled/api/en';
import { messages as english } from './messages/en';

// What the Worker says itself: the card and its pages, e-mails and the API's messages (decision 75).
// English is always there (the spec's texts, and what anything else falls back to); each other
// language is a module of its own, loaded the first time an isolate needs it, so a card view
// evaluates only English and the card's language (README, Decisions: only what a request needs).

export type { PageKey };
export type ServerKey = ApiKey | CardKey | MailKey | PageKey;
export type T = Translate<ServerKey>;

const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('./messages/es'),
  'pt-BR': () => import('./messages/pt-br'),
  fr: () => import('./messages/fr'),
  de: () => import('./messages/de'),
  ar: () => import('./messages/ar'),
};

const translators = new Map<Language, T>([['en', translator<ServerKey>('en', english)]]);

/** Loads a language's messages (once per isolate) and answers its translate function. */
export async function loadLanguage(language: Language): Promise<T> {
  const loaded = translators.get(language);
  if (loaded || language === 'en') return loaded ?? tFor('en');
  const t = translator<ServerKey>(language, (await LOADERS[language]()).messages);
  translators.set(language, t);
  return t;
}

/**
 * The translate function of a language loaded with `loadLanguage` (routes load the card's or the
 * visitor's before they render); English stands in for one not loaded.
 */
export const tFor = (language: Language): T => translators.get(language) ?? (translators.get('en') as T);

// Built on the first message translated, once per isolate: a card view or an English answer never
// needs the patterns, so a cold start does not compile them.
let compiled: ApiMessagePatterns | null = null;
const catalogue = () => (compiled ??= apiMessagePatterns(apiEnglish));

/**
 * An English API message in another language, or unchanged when the catalogue has no such
 * message. Three are left out on purpose until the API gives them a code: the web app recognises
 * 'pending activation', 'has been deactivated' and 'Invalid or expired token' by their English.
 */
export function translateMessage(language: Language, english: string): string {
  if (language === 'en') return english;
  const t = tFor(language);
  return translateApiMessage(catalogue(), (key, values) => t(key as ApiKey, values), english);
}

/** A browser's Accept-Language, as one of the six (browserLanguage prefers the one chosen on the site). */
export const visitorLanguage = (request: Request) => pickLanguage(request.headers.get('Accept-Language'));

/**
 * The language a browser's screens speak: its choice (the footer's switch, the account's setting,
 * kept in LANGUAGE_COOKIE), else its Accept-Language. The sign-in pages and a new account use it.
 */
export function browserLanguage(request: Request): Language {
  const chosen = parse(request.headers.get('Cookie') ?? '', LANGUAGE_COOKIE)[LANGUAGE_COOKIE];
  return isLanguage(chosen) ? chosen : visitorLanguage(request);
}
