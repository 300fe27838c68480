import { intlLocale, words } from '@/lib/i18n';
import type { SessionRow } from '../api/sessions';

// How a session reads in the list: "Chrome on Android", "Germany", "5 minutes ago", in the app's
// language (the browser and system names are the API's and stay as they are).

const t = words('account');

/** One formatter per language: the language changes only in tests without a reload. */
function perLanguage<F>(make: (locale: string) => F): () => F | null {
  const made = new Map<string, F | null>();
  return () => {
    const locale = intlLocale();
    if (!made.has(locale)) {
      try {
        made.set(locale, make(locale));
      } catch {
        made.set(locale, null);
      }
    }
    return made.get(locale) ?? null;
  };
}

const regions = perLanguage((locale) => new Intl.DisplayNames([locale], { type: 'region' }));
const relative = perLanguage((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
const MOMENT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const moments = perLanguage((locale) => new Intl.DateTimeFormat(locale, MOMENT));
const momentsToTheSecond = perLanguage((locale) => new Intl.DateTimeFormat(locale, { ...MOMENT, second: '2-digit' }));
const days = perLanguage(
  (locale) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }),
);

/** A country's name from its ISO code; the code itself where the browser has no names. */
export function countryName(code: string | null): string | null {
  if (!code) return null;
  return regions()?.of(code) ?? code;
}

/** The API names a browser it could not tell in English ('Unknown browser'); say it in the app's language. */
export const sessionTitle = (session: SessionRow) =>
  t('account.session_title', {
    browser: session.browser === 'Unknown browser' ? t('account.unknown_browser') : session.browser,
    os: session.os === 'Unknown system' ? t('account.unknown_system') : session.os,
  });

/** A stored ISO date as 'Jan 5, 2026' (in the app's language), or the fallback when absent or unreadable. */
export function formatDay(value: string | null | undefined, fallback: string) {
  const date = value ? new Date(value) : null;
  const format = days();
  return !date || Number.isNaN(date.getTime()) || !format ? fallback : format.format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '5 minutes ago', 'yesterday'; 'just now' under a minute. */
export function timeAgo(iso: string, now = Date.now()) {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = relative();
  for (const [unit, size] of UNITS) {
    if (format && Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return t('account.just_now');
}

/**
 * When a session signed in, to the minute ('Jan 5, 2026, 10:00 AM'), or to the second when
 * `precise`: two sign-ins on one day from the same browser and place read the same otherwise.
 */
export function formatMoment(value: string, fallback: string, precise = false) {
  const date = new Date(value);
  const format = precise ? momentsToTheSecond() : moments();
  return Number.isNaN(date.getTime()) || !format ? fallback : format.format(date);
}
