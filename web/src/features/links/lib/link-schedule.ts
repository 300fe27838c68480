import { scheduleState } from '@shared/link-schedule';
import { intlLocale, words } from '@/lib/i18n';

// A scheduled link in the owner's own time (docs/product.md §4, Links): the form's
// datetime-local fields hold the time of this browser's zone, sent as ISO 8601 in UTC; the list
// and the preview say the link's state ('Starts 12 Dec, 09:00') in the same zone.

const t = words('links');

/** This browser's time zone, which the schedule's fields are in ('Europe/Paris'). */
export const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local field shows it, in this browser's zone; '' for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time, no zone) as ISO 8601 in UTC; null when empty or unreadable. */
export function fromLocalInput(value: string | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** '12 Dec, 09:00' in the app's language (English as the day before the month, as in the product's words). */
export function formatWhen(iso: string): string {
  const locale = intlLocale() === 'en' ? 'en-GB' : intlLocale();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A scheduled link's state in words, or null for a link that is always shown. */
export function scheduleLabel(
  link: { starts_at: string | null; ends_at: string | null },
  now = Date.now(),
): string | null {
  const startsAt = link.starts_at ? Date.parse(link.starts_at) : null;
  const endsAt = link.ends_at ? Date.parse(link.ends_at) : null;
  const state = scheduleState({ startsAt, endsAt }, now);
  if (state === 'upcoming' && link.starts_at) return t('links.state_starts', { when: formatWhen(link.starts_at) });
  if (state === 'ended' && link.ends_at) return t('links.state_ended', { when: formatWhen(link.ends_at) });
  if (state === 'live' && link.ends_at) return t('links.state_ends', { when: formatWhen(link.ends_at) });
  return null;
}
