// Number and date formats shared by the dashboard screens.
const integer = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A URL cut to 30 characters plus '...' (docs/product.md §2, Manage Links). */
export const truncateUrl = (url: string, max = 30) => (url.length > max ? `${url.slice(0, max)}...` : url);

export const formatCount = (value: number) => integer.format(value);

/** A stored ISO date as 'Jan 5, 2026', or the fallback when absent or unreadable. */
export function formatDate(value: string | null | undefined, fallback = 'Never') {
  if (!value) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : dateFormat.format(date);
}

/** A UTC day of the stats series ('2026-01-05') as 'Jan 5'. */
export const formatDay = (isoDay: string) => shortDay.format(new Date(`${isoDay}T00:00:00Z`));
