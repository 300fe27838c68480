// Number and date formats shared by the dashboard screens.
const integer = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A URL as people read it: no scheme, no `www.`, no trailing slash ('mailto:' and 'tel:' too). */
export const readableUrl = (url: string) =>
  url
    .trim()
    .replace(/^(https?:\/\/|mailto:|tel:)/i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');

/**
 * A URL shortened in the middle to about `max` characters (issue 23): the host stays whole and
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

export const formatCount = (value: number) => integer.format(value);

/** A stored ISO date as 'Jan 5, 2026', or the fallback when absent or unreadable. */
export function formatDate(value: string | null | undefined, fallback = 'Never') {
  if (!value) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : dateFormat.format(date);
}

/** A UTC day of the stats series ('2026-01-05') as 'Jan 5'. */
export const formatDay = (isoDay: string) => shortDay.format(new Date(`${isoDay}T00:00:00Z`));
