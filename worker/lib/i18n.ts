import type { Messages } from '@lingui/core';
import { pickLanguage, type Language } from '@shared/i18n/languages';
import { translator, type Translate } from '@shared/i18n/translate';
import type { ApiKey, CardKey, MailKey, PageKey } from '@shared/i18n/compiled/keys';
import * as apiAr from '@shared/i18n/compiled/api/ar';
import * as apiDe from '@shared/i18n/compiled/api/de';
import * as apiEn from '@shared/i18n/compiled/api/en';
import * as apiEs from '@shared/i18n/compiled/api/es';
import * as apiFr from '@shared/i18n/compiled/api/fr';
import * as apiPt from '@shared/i18n/compiled/api/pt-br';
import * as cardAr from '@shared/i18n/compiled/card/ar';
import * as cardDe from '@shared/i18n/compiled/card/de';
import * as cardEn from '@shared/i18n/compiled/card/en';
import * as cardEs from '@shared/i18n/compiled/card/es';
import * as cardFr from '@shared/i18n/compiled/card/fr';
import * as cardPt from '@shared/i18n/compiled/card/pt-br';
import * as mailAr from '@shared/i18n/compiled/mail/ar';
import * as mailDe from '@shared/i18n/compiled/mail/de';
import * as mailEn from '@shared/i18n/compiled/mail/en';
import * as mailEs from '@shared/i18n/compiled/mail/es';
import * as mailFr from '@shared/i18n/compiled/mail/fr';
import * as mailPt from '@shared/i18n/compiled/mail/pt-br';
import * as pageAr from '@shared/i18n/compiled/page/ar';
import * as pageDe from '@shared/i18n/compiled/page/de';
import * as pageEn from '@shared/i18n/compiled/page/en';
import * as pageEs from '@shared/i18n/compiled/page/es';
import * as pageFr from '@shared/i18n/compiled/page/fr';
import * as pagePt from '@shared/i18n/compiled/page/pt-br';

// What the Worker says itself: the card and its pages, e-mails and the API's messages, in every
// language (issue 26). Served text is small; the browser's island loads its own words separately.

export type { PageKey };
export type ServerKey = ApiKey | CardKey | MailKey | PageKey;
export type T = Translate<ServerKey>;

const join = (...modules: { messages: Messages }[]): Messages => Object.assign({}, ...modules.map((m) => m.messages));

const CATALOGUES: Record<Language, Messages> = {
  en: join(apiEn, cardEn, mailEn, pageEn),
  es: join(apiEs, cardEs, mailEs, pageEs),
  'pt-BR': join(apiPt, cardPt, mailPt, pagePt),
  fr: join(apiFr, cardFr, mailFr, pageFr),
  de: join(apiDe, cardDe, mailDe, pageDe),
  ar: join(apiAr, cardAr, mailAr, pageAr),
};

const translators = new Map<Language, T>();

/** The translate function of one language, made once per isolate. */
export function tFor(language: Language): T {
  let t = translators.get(language);
  if (!t) {
    t = translator<ServerKey>(language, CATALOGUES[language]);
    translators.set(language, t);
  }
  return t;
}

type Part = string | [string, ...unknown[]];

/**
 * The API's English messages as patterns: 'Bio must be at most {max} characters' matches the
 * message a schema produced, and its values fill the other language's message. Literal messages
 * first, then templates by the length of their literal text, so the most specific one wins.
 */
const PATTERNS = Object.entries(apiEn.messages)
  // A field's name ('Job title') is not a message of its own: LABELS translates it inside one.
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
const LABELS = new Map(
  Object.entries(apiEn.messages)
    .filter(([key]) => key.startsWith('api.label_'))
    .map(([key, message]) => [String((message as Part[])[0]), key as ApiKey]),
);

/** A captured value as the other language's message needs it: numbers for plurals, names translated. */
function valueOf(language: Language, name: string, captured: string): string | number {
  if (/^\d+$/.test(captured)) return Number(captured);
  const label = name === 'label' ? LABELS.get(captured) : undefined;
  return label ? tFor(language)(label) : captured;
}

/**
 * An English API message in another language, or unchanged when the catalogue has no such
 * message. Three are left out on purpose until the API gives them a code: the web app recognises
 * 'pending activation', 'has been deactivated' and 'Invalid or expired token' by their English.
 */
export function translateMessage(language: Language, english: string): string {
  if (language === 'en') return english;
  for (const { key, pattern, names } of PATTERNS) {
    const match = pattern.exec(english);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, valueOf(language, name, match[i + 1] ?? '')]));
    return tFor(language)(key, values);
  }
  return english;
}

/** The visitor's language for a page that has no card to speak for it (a missing card's 404). */
export const visitorLanguage = (request: Request) => pickLanguage(request.headers.get('Accept-Language'));
