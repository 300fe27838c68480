// When a scheduled link is on the card (docs/product.md §2, the card; decision 0101): from its
// start (inclusive) until its end (exclusive), stored as epoch milliseconds in UTC. Before its
// start and from its end it is absent everywhere a visitor looks: the card, the vCard, the JSON-LD
// and the wallet pass. Pure functions, so the Worker and the editor's preview agree to the
// millisecond.

export type Scheduled = { startsAt: number | null; endsAt: number | null };

export type ScheduleState = 'always' | 'upcoming' | 'live' | 'ended';

export function scheduleState({ startsAt, endsAt }: Scheduled, now: number): ScheduleState {
  if (startsAt == null && endsAt == null) return 'always';
  if (startsAt != null && now < startsAt) return 'upcoming';
  if (endsAt != null && now >= endsAt) return 'ended';
  return 'live';
}

/** Whether a visitor sees the link at `now`. */
export const isShownAt = (link: Scheduled, now: number) => {
  const state = scheduleState(link, now);
  return state === 'always' || state === 'live';
};

/**
 * The next moment after `now` at which any of these links appears or goes, or null: the card's
 * cached page is good until then and no longer.
 */
export function nextChange(links: Scheduled[], now: number): number | null {
  let next: number | null = null;
  for (const { startsAt, endsAt } of links)
    for (const at of [startsAt, endsAt]) if (at != null && at > now && (next === null || at < next)) next = at;
  return next;
}

export const SCHEDULE_ORDER_MESSAGE = 'The end must come after the start';
export const SCHEDULE_TIME_MESSAGE = 'Use an ISO 8601 date and time with its offset, such as 2026-12-12T09:00:00Z';
