import type { SessionRow } from '../api/sessions';

// How a session reads in the list: "Chrome on Android", "Germany", "5 minutes ago".

let regions: Intl.DisplayNames | null | undefined;
/** A country's name from its ISO code; the code itself where the browser has no names. */
export function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    regions = null;
  }
  return regions?.of(code) ?? code;
}

export const sessionTitle = (session: SessionRow) => `${session.browser} on ${session.os}`;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
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
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
