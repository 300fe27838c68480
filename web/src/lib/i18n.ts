import { setupI18n, type Messages } from '@lingui/core';
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

// The app's words (issue 26, docs/decisions/0075 and 0077): compiled ICU messages, one module per
// area (a group of screens) and language, so a screen loads only its own words in the one language
// the app speaks. The router loads a screen's area with its code; components then translate
// synchronously.

/** The web app's areas: shared/i18n/catalogues/<area>/<language>.json. */
export type WebArea = 'app' | 'auth' | 'landing' | 'links' | 'profile' | 'looks' | 'stats' | 'share' | 'account';

type Module = { messages: Messages };
const MODULES = import.meta.glob<Module>(
  '../../../shared/i18n/compiled/{app,auth,landing,links,profile,looks,stats,share,account}/*.ts',
);
const moduleOf = (area: WebArea, language: Language) =>
  MODULES[`../../../shared/i18n/compiled/${area}/${language.toLowerCase()}.ts`];

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
const i18n = setupI18n({ locale: language, messages: { [language]: {} } });
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
        const load = moduleOf(area, language);
        if (!load) return;
        const { messages } = await load();
        i18n.load(language, messages);
        loaded.add(area);
      }),
  );
}

/**
 * Speaks another language from now on, with these words already in hand: the build's prerender
 * (which draws each page once per language) and tests.
 */
export function setLanguageWords(next: Language, messages: Messages[]) {
  language = next;
  loaded.clear();
  i18n.load(next, Object.assign({}, ...messages) as Messages);
  i18n.activate(next);
}

/** The translate function of one area: `const t = words('links')`, then `t('links.add')`. */
export const words =
  <A extends WebArea & keyof AreaKeys>(_area: A) =>
  (key: AreaKeys[A], values?: Values): string =>
    i18n._(key, values);

/** Keeps a language for this browser and reloads, so every screen and page speaks it. */
export function chooseLanguage(next: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${next}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax; Secure`;
  if (next !== language) window.location.reload();
}

/** Dates and numbers in the app's language (Intl). */
export const intlLocale = () => language;
