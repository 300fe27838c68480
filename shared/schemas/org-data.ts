import { z } from 'zod';
import type { StatsRange } from '../constants';
import { dataMessageResponse } from './responses';

// An organisation's contacts and analytics (docs/product.md, Organisations): the contacts
// visitors left on its work cards, and each work card's figures from the daily rollups.

/** A query parameter sent twice arrives as a list. */
const SEARCH_MESSAGE = 'Search must be text, given once';
export const ORG_RANGE_MESSAGE = 'The range must be 7, 30, 90 or all';

/** GET /v1/orgs/{orgId}/contacts?q=&card=: a search as the personal contacts' one, and one card's only. */
export const orgContactsQuery = z.object({
  q: z
    .string({ error: SEARCH_MESSAGE })
    .trim()
    .max(100, { error: 'Search is too long' })
    .optional()
    .transform((value) => value ?? ''),
  card: z
    .string({ error: 'card must be a work card id, given once' })
    .max(64, { error: 'card must be a work card id, given once' })
    .optional(),
});

/** GET /v1/orgs/{orgId}/analytics?range=: all time when absent, as a card's statistics. */
// The statistics' periods (shared/constants.ts's STATS_RANGES), written out: the constants belong to
// the Worker's start, which this lazily loaded module must not split (services/orgs/parts.ts).
const RANGES = ['7', '30', '90', 'all'] as const satisfies readonly StatsRange[];
export const orgAnalyticsQuery = z.object({
  range: z.enum(RANGES, { error: ORG_RANGE_MESSAGE }).default('all'),
});

/** The work card a contact was left on, and the member who holds it now (null: the organisation holds it). */
const cardRef = z.object({ id: z.string(), username: z.string(), name: z.string() }).strict();
const memberRef = z.object({ id: z.string(), email: z.string() }).strict().nullable();

/** A contact as the personal list answers it (shared/schemas/contacts.ts), with its card and member. */
export const orgContactSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    company: z.string(),
    note: z.string(),
    created_at: z.string(),
    card: cardRef,
    member: memberRef,
  })
  .strict();
export type OrgContact = z.infer<typeof orgContactSchema>;

export const orgContactsSchema = z
  .object({
    contacts: z.array(orgContactSchema),
    /** All the contacts the account may read, whatever the search. */
    total: z.number().int().nonnegative(),
    /** `all`: the owner and admins see every work card's; `own`: a member sees the cards they hold. */
    scope: z.enum(['all', 'own']),
  })
  .strict();
export type OrgContacts = z.infer<typeof orgContactsSchema>;
export const orgContactsResponse = dataMessageResponse(orgContactsSchema);

const count = z.number().int().nonnegative();
const figures = {
  views: count,
  /** Each card's visitors per day, summed (docs/decisions/0086): one browser on two cards counts twice. */
  unique_visitors: count,
  link_clicks: count,
  /** Saves of the contact: the card's vCard downloaded by a visitor (bots not counted). */
  contact_saves: count,
  /** Contacts visitors shared on the card in the period (those still kept). */
  contacts: count,
};

export const orgAnalyticsCardSchema = z
  .object({ card: cardRef, member: memberRef, state: z.enum(['held', 'paused', 'invited']), ...figures })
  .strict();
export const orgAnalyticsSchema = z
  .object({
    range: z.enum(RANGES),
    total: z.object({ cards: count, ...figures }).strict(),
    /** One row per work card, the most viewed first. */
    cards: z.array(orgAnalyticsCardSchema),
  })
  .strict();
export type OrgAnalytics = z.infer<typeof orgAnalyticsSchema>;
export const orgAnalyticsResponse = dataMessageResponse(orgAnalyticsSchema);
