import { z } from 'zod';
import { STATS_RANGES } from '../constants';
import { dataMessageResponse } from './responses';

// GET /v1/user/stats `data` (docs/product.md §3, §7 and §9, plus the breakdowns).
// The web reads it with this schema; the Worker builds it in worker/services/events/stats.ts.

// The periods live with the constants, so the dashboard names them without loading this schema.
export { STATS_DAYS, STATS_RANGES, type StatsRange } from '../constants';
export const STATS_RANGE_MESSAGE = 'The range must be 7, 30, 90 or all';

/** GET /v1/user/stats?range=: all time when absent. */
export const statsQuery = z.object({
  range: z.enum(STATS_RANGES, { error: STATS_RANGE_MESSAGE }).default('all'),
});
/** Entries kept per breakdown (referrers, countries, devices, channels). */
export const STATS_TOP = 10;

const count = z.number().int().nonnegative();
/** A percentage rounded to 2 decimals; 0 when the denominator is 0. */
const percent = z.number().nonnegative();

const breakdown = z.array(z.object({ name: z.string(), views: count, clicks: count }).strict());

export const statsSchema = z
  .object({
    profile_views: count,
    link_clicks: count,
    /** Percent of unique visitors who clicked at least one link. */
    conversion_rate: percent,
    links_count: count,
    active_links_count: count,
    /** A visitor is one browser (its network and user agent) on one UTC day (docs/decisions/0086). */
    unique_visitors: count,
    last_viewed_at: z.string().nullable(),
    /** Contacts visitors shared through the card's contact form, all time: a conversion. */
    contacts_submitted: count,
    /** contacts_submitted / unique visitors, in percent, at most 100 (one visitor may share twice). */
    contact_rate: percent,
    /** Saves of the contact in the period: the card's vCard downloaded by a visitor (bots not counted). */
    contact_saves: count,
    daily: z.array(z.object({ date: z.string(), views: count, clicks: count, unique_visitors: count }).strict()),
    links: z.array(
      z
        .object({
          id: z.number().int(),
          title: z.string(),
          is_active: z.boolean(),
          clicks: count,
          /** clicks / profile views, in percent. */
          click_through_rate: percent,
        })
        .strict(),
    ),
    /** Outside sites that sent visitors (direct visits are not listed). */
    referrers: breakdown,
    /** ISO 3166 alpha-2 codes, 'unknown' when Cloudflare could not tell. */
    countries: breakdown,
    /** mobile, tablet, desktop */
    devices: breakdown,
    /** qr, nfc, email, link, a utm_source, referral or direct */
    channels: breakdown,
  })
  .strict();
export type Stats = z.infer<typeof statsSchema>;
export const statsResponse = dataMessageResponse(statsSchema);
