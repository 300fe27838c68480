import type { Messages } from '@lingui/core';
import { parse } from 'hono/utils/cookie';
import { isLanguage, LANGUAGE_COOKIE, pickLanguage, type Language } from '@shared/i18n/languages';
import { translator, type Translate } from '@shared/i18n/translate';
import type { ApiKey, CardKey, MailKey, PageKey } from '@shared/i18n/compiled/keys';
import { messages as apiEnglish } from '@shared/i18n/compiled/api/en';
import { messages as english } from './messages/en';

// What the Worker says itself: the card and its pages, e-mails and the API's messages (issue 26).
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

type Part = string | [string, ...unknown[]];

/**
 * The API's English messages as patterns: 'Bio must be at most {max} characters' matches the
 * message a schema produced, and its values fill the other language's message. Literal messages
 * first, then templates by the length of their literal text, so the most specific one wins.
 * Built on the first message translated, once per isolate: a card view or an English answer
 * never needs them, so a cold start does not compile them.
 */
const buildPatterns = () =>
  Object.entries(apiEnglish)
    // A field's name ('Job title') is not a message of its own: buildLabels's map translates it inside one.
    .filter(([key]) => !key.startsWith('api.label_'))
    .map(([key, message]) => {
      const parts = (Array.isArray(message) ? message : [message]) as Part[];
      const names: string[] = [];
      let source = '';
      let literal = 0;
      for (const part of parts) {
        if (typeof part === 'string') {
          source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          literal += part.length;
        } else {
          names.push(part[0]);
          source += '(.+?)';
        }
      }
      return { key: key as ApiKey, pattern: new RegExp(`^${source}$`, 's'), names, literal };
    })
    .sort((a, b) => a.names.length - b.names.length || b.literal - a.literal);

/** The English names of fields that messages name ('{label} must be text'), to their keys. */
const buildLabels = () =>
  new Map(
    Object.entries(apiEnglish)
      .filter(([key]) => key.startsWith('api.label_'))
      .map(([key, message]) => [String((message as Part[])[0]), key as ApiKey]),
  );

let compiled: { patterns: ReturnType<typeof buildPatterns>; labels: ReturnType<typeof buildLabels> } | null = null;
const catalogue = () => (compiled ??= { patterns: buildPatterns(), labels: buildLabels() });

/** A captured value as the other language's message needs it: numbers for plurals, names translated. */
function valueOf(language: Language, name: string, captured: string): string | number {
  if (/^\d+$/.test(captured)) return Number(captured);
  const label = name === 'label' ? catalogue().labels.get(captured) : undefined;
  return label ? tFor(language)(label) : captured;
}

/**
 * An English API message in another language, or unchanged when the catalogue has no such
 * message. Three are left out on purpose until the API gives them a code: the web app recognises
 * 'pending activation', 'has been deactivated' and 'Invalid or expired token' by their English.
 */
export function translateMessage(language: Language, english: string): string {
  if (language === 'en') return english;
  const t = tFor(language);
  for (const { key, pattern, names } of catalogue().patterns) {
    const match = pattern.exec(english);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, valueOf(language, name, match[i + 1] ?? '')]));
    return t(key, values);
  }
  return english;
}

/** The visitor's language for a page that has no card to speak for it (a missing card's 404). */
export const visitorLanguage = (request: Request) => pickLanguage(request.headers.get('Accept-Language'));

/**
 * The language a browser's screens speak: its choice (the footer's switch, the account's setting,
 * kept in LANGUAGE_COOKIE), else its Accept-Language. The sign-in pages and a new account use it.
 */
export function browserLanguage(request: Request): Language {
  const chosen = parse(request.headers.get('Cookie') ?? '', LANGUAGE_COOKIE)[LANGUAGE_COOKIE];
  return isLanguage(chosen) ? chosen : visitorLanguage(request);
}
