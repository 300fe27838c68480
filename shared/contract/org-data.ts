import { orgIdParam } from '../schemas/orgs';
import { orgAnalyticsQuery, orgAnalyticsResponse, orgContactsQuery, orgContactsResponse } from '../schemas/org-data';
import type { ApiRoute, Resource } from './types';

const OUTSIDER = 'An organisation the account does not belong to answers 404, as a missing one.';
const MEMBERS_OWN =
  'The owner and admins read every work card’s contacts; a member only those of the work cards they hold now. ' +
  'A work card’s contacts stay with the card when its member leaves or it is handed on.';
const MANAGERS = 'The owner and admins only: a member gets 403.';

const route = (r: ApiRoute): ApiRoute => ({ ...r, description: [r.description, OUTSIDER].filter(Boolean).join(' ') });

export const orgDataResource: Resource = {
  name: 'Organisation contacts and analytics',
  description:
    'The contacts visitors shared on an organisation’s work cards, and each work card’s views, unique visitors, ' +
    'link clicks and contacts over the periods of a card’s statistics, read from the daily rollups. ' +
    'Every export is written to the organisation’s audit log.',
  routes: [
    route({
      method: 'GET',
      path: '/v1/orgs/:orgId/contacts',
      summary: 'The organisation’s contacts, newest first (at most 500; search narrows them down)',
      description: MEMBERS_OWN,
      access: 'user',
      params: orgIdParam,
      query: orgContactsQuery,
      answers: { 200: orgContactsResponse },
    }),
    route({
      method: 'GET',
      path: '/v1/orgs/:orgId/contacts/export.csv',
      summary: 'Every contact the account may read, as CSV, with the card and member of each',
      description: MEMBERS_OWN,
      access: 'user',
      params: orgIdParam,
      answers: { 200: { description: 'organisation-contacts.csv, as an attachment.', contentType: 'text/csv' } },
    }),
    route({
      method: 'GET',
      path: '/v1/orgs/:orgId/contacts/export.vcf',
      summary: 'Every contact the account may read, as vCards',
      description: MEMBERS_OWN,
      access: 'user',
      params: orgIdParam,
      answers: { 200: { description: 'organisation-contacts.vcf, as an attachment.', contentType: 'text/vcard' } },
    }),
    route({
      method: 'GET',
      path: '/v1/orgs/:orgId/analytics',
      summary: 'Views, unique visitors, link clicks, saves of the contact and contacts per work card and in total',
      description: `${MANAGERS} Events of the last few minutes show once they reach the daily rollups.`,
      access: 'user',
      params: orgIdParam,
      query: orgAnalyticsQuery,
      answers: { 200: orgAnalyticsResponse },
      errors: { 403: 'The account is a member, not the owner or an admin.' },
    }),
    route({
      method: 'GET',
      path: '/v1/orgs/:orgId/analytics/export.csv',
      summary: 'The analytics as CSV: one row per work card, then the total',
      description: MANAGERS,
      access: 'user',
      params: orgIdParam,
      query: orgAnalyticsQuery,
      answers: {
        200: { description: 'organisation-analytics-{range}.csv, as an attachment.', contentType: 'text/csv' },
      },
      errors: { 403: 'The account is a member, not the owner or an admin.' },
    }),
  ],
};
