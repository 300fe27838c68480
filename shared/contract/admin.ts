import {
  accountIdParam,
  accountSearchQuery,
  adminAccountsResponse,
  adminActionBody,
  adminAuditResponse,
  adminFlaggedLinksResponse,
  adminReportsResponse,
  reportIdParam,
  takedownBody,
} from '../schemas/operators';
import { messageResponse } from '../schemas/responses';
import type { Resource } from './types';

const ACCOUNT_NOT_FOUND = 'No account has this id.';

export const adminResource: Resource = {
  name: 'Admin',
  description:
    "Operators only: the console's API. A caller who is not an operator signed in with a second factor " +
    'gets 404, as for a path that does not exist; an operator whose session used no second factor gets 403. ' +
    'Every action is written to the audit log with its reason.',
  routes: [
    {
      method: 'GET',
      path: '/v1/admin/accounts',
      summary: 'Accounts, searched by e-mail address or username',
      description: 'At most 100: newest first, or, for `status=pending`, oldest first (the queue to activate).',
      access: 'operator',
      query: accountSearchQuery,
      answers: { 200: adminAccountsResponse },
    },
    {
      method: 'POST',
      path: '/v1/admin/accounts/:id/takedown',
      summary: 'Take a card down, with the reason its owner sees',
      description: "The card's open reports are resolved with it.",
      access: 'operator',
      params: accountIdParam,
      body: { type: 'json', schema: takedownBody, example: { reason: 'Spam links' } },
      answers: { 200: messageResponse },
      errors: { 404: ACCOUNT_NOT_FOUND, 422: "Also: it is the operator's own account." },
    },
    {
      method: 'POST',
      path: '/v1/admin/accounts/:id/:action{activate|deactivate|reject|restore}',
      summary: 'Activate, deactivate, reject (delete a pending sign-up) or restore an account',
      description:
        'deactivate: back to pending, signed out everywhere, card offline. reject: only for an account ' +
        'waiting for activation; deletes it. restore: a taken-down card back online.',
      access: 'operator',
      params: accountIdParam,
      body: { type: 'json', schema: adminActionBody, example: { reason: 'Confirmed by e-mail' } },
      answers: { 200: messageResponse },
      errors: {
        404: ACCOUNT_NOT_FOUND,
        422: "Also: the operator's own account, or reject on an account that is not pending.",
      },
    },
    {
      method: 'GET',
      path: '/v1/admin/reports',
      summary: "Visitors' open reports of cards",
      description: 'At most 200, newest first.',
      access: 'operator',
      answers: { 200: adminReportsResponse },
    },
    {
      method: 'POST',
      path: '/v1/admin/reports/:id/dismiss',
      summary: 'Dismiss a report',
      access: 'operator',
      params: reportIdParam,
      body: { type: 'json', schema: adminActionBody, example: { reason: 'Not spam' } },
      answers: { 200: messageResponse },
      errors: { 404: 'No open report has this id.' },
    },
    {
      method: 'GET',
      path: '/v1/admin/flagged-links',
      summary: 'Links whose destination the blocklist flagged',
      description: 'At most 200, newest first.',
      access: 'operator',
      answers: { 200: adminFlaggedLinksResponse },
    },
    {
      method: 'GET',
      path: '/v1/admin/audit',
      summary: "The operators' audit log",
      description: 'At most 200 entries, newest first.',
      access: 'operator',
      answers: { 200: adminAuditResponse },
    },
  ],
};
