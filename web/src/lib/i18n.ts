import type { Messages } from '@lingui/core';
import type { AreaKeys } from '@shared/i18n/compiled/keys';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  pickLanguage,
  type Language,
} from '@shared/i18n/languages';
import type { Values } from '@shared/i18n/translate';
import { getCookie } from './cookies';
import { formatMessage } from './format-message';

// The app's words (docs/decisions/0075 and 0078): compiled ICU messages, one module per
// area (a group of screens) and language, so a screen loads only its own words in the one language
// the app speaks. The router loads a screen's area with its code; components then translate
// synchronously.

/**
 * The web app's areas: shared/i18n/catalogues/<area>/<language>.json. `app` holds the few words
 * every page needs (the landing and sign-in pages too), `shell` the dashboard's frame, `auth` the
 * sign-in screens' shared words, `login`, `register` and `forgot` each screen's own, and `signin` what they fetch on demand (the second factor, the
 * activation dialog, the forms' checks) and the code and reset screens; `uploads` the words of an
 * upload's steps and the crop dialog, fetched with their code.
 */
export type WebArea = Exclude<keyof AreaKeys, 'api' | 'card' | 'island' | 'mail' | 'page'>;

type Loaders = { areas: Record<string, () => Promise<{ messages: Messages }>> };
// Per language, a small module naming its areas' words (scripts/build-messages.ts): the entry
// names six of them rather than every area in every language.
const LANGUAGE_LOADERS: Record<Language, () => Promise<Loaders>> = {
  en: () => import('@shared/i18n/compiled/areas/en'),
  es: () => import('@shared/i18n/compiled/areas/es'),
  'pt-BR': () => import('@shared/i18n/compiled/areas/pt-br'),
  fr: () => import('@shared/i18n/compiled/areas/fr'),
  de: () => import('@shared/i18n/compiled/areas/de'),
  ar: () => import('@shared/i18n/compiled/areas/ar'),
};

/**
 * The language of this page: the browser's choice (LANGUAGE_COOKIE), else the one the Worker
 * rendered a prerendered page in (`data-language`), else the browser's own languages.
 */
function pageLanguage(): Language {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  const chosen = getCookie(LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  const rendered = document.documentElement.dataset.language;
  if (isLanguage(rendered)) return rendered;
  return pickLanguage(typeof navigator === 'undefined' ? null : navigator.languages?.join(','));
}

let language: Language = pageLanguage();
let messages: Messages = {};
const loaded = new Set<WebArea>();

/** The language the app speaks. */
export const appLanguage = () => language;

/** `<html lang dir>` for the app's language, so screen readers, fonts and mirroring follow it. */
export function applyLanguage() {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** Loads the words of these areas in the app's language (each module once). */
export async function loadWords(...areas: WebArea[]): Promise<void> {
  await Promise.all(
    areas
      .filter((area) => !loaded.has(area))
      .map(async (area) => {
        // An area with no catalogue yet has no words to load; the catalogue test holds every
        // language to English's keys, so one language cannot lack an area another has.
        const load = (await LANGUAGE_LOADERS[language]()).areas[area];
        if (!load) return;
        const module = await load();
        messages = { ...messages, ...module.messages };
        loaded.add(area);
      }),
  );
}

/**
 * Speaks another language from now on, with these words already in hand: the build's prerender
 * (which draws each page once per language) and tests.
 */
export function setLanguageWords(next: Language, modules: Messages[]) {
  language = next;
  loaded.clear();
  messages = Object.assign({}, ...modules) as Messages;
}

/**
 * Build time (the prerendered pages): speaks a language with its modules out of every language's,
 * as an eager `import.meta.glob` of shared/i18n/compiled gives them, keyed by path.
 */
export function speakFrom(modules: Record<string, { messages: Messages }>, next: Language) {
  setLanguageWords(
    next,
    Object.entries(modules)
      .filter(([file]) => file.endsWith(`/${next.toLowerCase()}.ts`))
      .map(([, module]) => module.messages),
  );
}

/** The translate function of one area: `const t = words('links')`, then `t('links.add')`. */
export const words =
  <A extends WebArea>(_area: A) =>
  (key: AreaKeys[A], values: Values = {}): string => {
    const message = messages[key];
    // A key whose area is not loaded shows itself, so a missing load is seen, not hidden.
    return message === undefined ? key : formatMessage(message, values, language);
  };

/** Keeps a language for this browser and reloads, so every screen and page speaks it. */
export function chooseLanguage(next: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${next}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax; Secure`;
  if (next !== language) window.location.reload();
}

/** Dates and numbers in the app's language (Intl). */
export const intlLocale = () => language;
