// The languages of the card, the e-mails and the API's messages (decision 75). English is the
// source: its catalogue holds the spec's texts exactly, and every other language translates it.

export const LANGUAGES = ['en', 'es', 'pt-BR', 'fr', 'de', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, for a switch that someone who cannot read English can use. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
};

export const LANGUAGE_MESSAGE = `Language must be one of: ${LANGUAGES.join(', ')}`;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const directionOf = (language: Language) => (language === 'ar' ? 'rtl' : 'ltr');

/** A tag as a browser sends it ('pt-br', 'es-ES', 'ar-EG') to one of ours, or null. */
function languageOfTag(tag: string): Language | null {
  const wanted = tag.trim().toLowerCase();
  const exact = LANGUAGES.find((language) => language.toLowerCase() === wanted);
  if (exact) return exact;
  // Any Portuguese reads the Brazilian catalogue; 'es-MX' the Spanish one.
  const primary = wanted.split('-')[0];
  return LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === primary) ?? null;
}

/**
 * The best of our languages for an Accept-Language header (RFC 9110 §12.5.4: ordered by q,
 * q=0 refuses), English when it names none of them or is absent.
 */
export function pickLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && entry.tag.trim() !== '*')
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = languageOfTag(entry.tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language a browser chose (the footer's switch, or the account's setting seen last): the
 * Worker serves the landing and sign-in pages in it, and the app speaks it. Not a secret, and read
 * by the app, so neither HttpOnly nor signed; a value that is not one of ours is ignored.
 */
export const LANGUAGE_COOKIE = 'cl_lang';
/** A year: the choice outlives sessions, so signing out keeps the screens in it. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
