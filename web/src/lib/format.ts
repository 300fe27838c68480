import { intlLocale } from './i18n';

// Number and date formats shared by the dashboard screens, in the app's language (Intl). The
// formatters are made on first use, after the language is known, and made again only when it
// changes (the app reloads then; tests and the prerender switch in place).
type Formats = { locale: string; integer: Intl.NumberFormat; date: Intl.DateTimeFormat; day: Intl.DateTimeFormat };
let formats: Formats | undefined;
function formatsNow(): Formats {
  const locale = intlLocale();
  if (formats?.locale !== locale)
    formats = {
      locale,
      integer: new Intl.NumberFormat(locale),
      date: new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }),
      day: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    };
  return formats;
}

/**
 * A URL as people read it: host and path, never the query (docs/product.md §2, Links), no
 * scheme, `www.` or trailing slash ('mailto:' and 'tel:' too).
 */
export const readableUrl = (url: string) =>
  url
    .trim()
    .replace(/^(https?:\/\/[^?#]*)[?#].*$/i, '$1')
    .replace(/^(https?:\/\/|mailto:|tel:)/i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');

/**
 * A URL shortened in the middle to about `max` characters (docs/product.md §2, Links): the host stays whole and
 * the end of the path is kept, so 'instagram.com/…/ada.lovelace' and 'instagram.com/…/ada.codes'
 * can be told apart where a cut at the end would show 'https:/…' for both.
 */
export function middleUrl(url: string, max = 32): string {
  const text = readableUrl(url);
  if (text.length <= max) return text;
  const slash = text.indexOf('/');
  const host = slash === -1 ? text : text.slice(0, slash);
  if (host.length >= max - 8) return `${text.slice(0, max - 9)}…${text.slice(-8)}`;
  return `${host}/…${text.slice(-(max - host.length - 2))}`;
}

/** A whole number as the app's language writes it: '1,234' in English, '1.234' in German. */
export const formatCount = (value: number) => formatsNow().integer.format(value);

/**
 * A stored ISO date as 'Jan 5, 2026' (in English), or the fallback when absent or unreadable.
 * The default fallback is English: screens in other languages pass their own word.
 */
export function formatDate(value: string | null | undefined, fallback = 'Never') {
  if (!value) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : formatsNow().date.format(date);
}

/** A UTC day of the stats series ('2026-01-05') as 'Jan 5' (in English). */
export const formatDay = (isoDay: string) => formatsNow().day.format(new Date(`${isoDay}T00:00:00Z`));
