import {
  accountIdParam,
  accountSearchQuery,
  adminAccountsResponse,
  adminActionBody,
  adminAuditResponse,
  adminFlaggedLinksResponse,
  adminReportsResponse,
  auditListQuery,
  destructiveActionBody,
  reportIdParam,
  reportListQuery,
  restoreBody,
  takedownBody,
} from '../schemas/admin';
import { adminDomainsResponse, domainIdParam } from '../schemas/admin-domains';
import { adminOrgsResponse } from '../schemas/admin-orgs';
import { platformStatusResponse } from '../schemas/health';
import { messageResponse } from '../schemas/responses';
import type { Resource } from './types';

const ACCOUNT_NOT_FOUND = 'No account has this id.';
const CARD_NOT_FOUND = "No account has this id, or `card_id` names no card of it (another account's card included).";
const NOT_YOURSELF = "The operator's own account: no action applies to it.";

export const adminResource: Resource = {
  name: 'Admin',
  description:
    "Operators only: the console's API. A caller who is not an operator signed in with a second factor " +
    'gets 404, as for a path that does not exist; an operator whose session used no second factor gets 403. ' +
    'Every action is written to the audit log with its reason; what destroys or locks out (reject, ' +
    'deactivate, take down, dismiss, reset a second factor) requires one. No action applies to the ' +
    "operator's own account. Lists come a page at a time, with how many rows there are in all.",
  routes: [
    {
      method: 'GET',
      path: '/v1/admin/accounts',
      summary: "Accounts, searched by e-mail address or any card's username and filtered by state",
      description:
        'Each account once, with its cards (`cards`: primary first, then oldest first); `username`, `name` and ' +
        "the takedown fields are the primary card's. States: pending (a sign-up never let in), active (and no " +
        'card taken down), deactivated, taken_down (active, at least one card taken down). 100 a page: newest ' +
        'first, or, for `state=pending`, oldest first (the queue to activate).',
      access: 'operator',
      query: accountSearchQuery,
      answers: { 200: adminAccountsResponse },
    },
    {
      method: 'POST',
      path: '/v1/admin/accounts/:id/takedown',
      summary: 'Take a card down, with the reason its owner sees',
      description:
        "The card `card_id` names (one of the account's), else the card of the report `report_id` names, else " +
        "the account's primary card; its other cards stay online. The card's open reports are resolved with it " +
        '(acted on); `report_id` names the report it answers, which the audit entry links, and the audit entry ' +
        'names the card.',
      access: 'operator',
      params: accountIdParam,
      body: {
        type: 'json',
        schema: takedownBody,
        example: { reason: 'Impersonates a bank', report_id: 12, card_id: '6f1c2b1e-5a4d-4a8e-9c3b-2d7e8f9a0b1c' },
      },
      answers: { 200: messageResponse },
      errors: {
        403: NOT_YOURSELF,
        404: CARD_NOT_FOUND,
        409: 'The card is taken down already.',
        422: 'Also: `report_id` is not a report of this card (or of the card `card_id` names).',
      },
    },
    {
      method: 'POST',
      path: '/v1/admin/accounts/:id/reset-2fa',
      summary: "Turn off a user's lost authenticator app (and its recovery codes)",
      description:
        'For support, after checking who is asking: the password alone signs in afterwards (passkeys stay). ' +
        'The owner is mailed at once; a mail that fails is sent again by the cron.',
      access: 'operator',
      params: accountIdParam,
      body: { type: 'json', schema: destructiveActionBody, example: { reason: 'Lost phone; ID checked on a call' } },
      answers: { 200: messageResponse },
      errors: { 403: NOT_YOURSELF, 404: ACCOUNT_NOT_FOUND, 409: 'The account has no authenticator app.' },
    },
    {
      method: 'POST',
      path: '/v1/admin/accounts/:id/deactivate',
      summary: 'Deactivate an account',
      description:
        'Only an active account. It is signed out everywhere, told at sign-in that it is deactivated, and ' +
        'its card answers 404; activate undoes it.',
      access: 'operator',
      params: accountIdParam,
      body: { type: 'json', schema: destructiveActionBody, example: { reason: 'Spam links' } },
      answers: { 200: messageResponse },
      errors: { 403: NOT_YOURSELF, 404: ACCOUNT_NOT_FOUND, 409: 'The account is not active.' },
    },
    {
      method: 'POST',
      path: '/v1/admin/accounts/:id/reject',
      summary: 'Reject (delete) a sign-up that was never active',
      description: 'Only a sign-up never let in (never activated, never signed in); it is deleted.',
      access: 'operator',
      params: accountIdParam,
      body: { type: 'json', schema: destructiveActionBody, example: { reason: 'Spam sign-up' } },
      answers: { 200: messageResponse },
      errors: { 403: NOT_YOURSELF, 404: ACCOUNT_NOT_FOUND, 409: 'The account was active once: deactivate it.' },
    },
    {
      method: 'POST',
      path: '/v1/admin/accounts/:id/activate',
      summary: 'Activate a sign-up or a deactivated account',
      access: 'operator',
      params: accountIdParam,
      body: { type: 'json', schema: adminActionBody, example: { reason: 'Confirmed by e-mail' } },
      answers: { 200: messageResponse },
      errors: { 403: NOT_YOURSELF, 404: ACCOUNT_NOT_FOUND, 409: 'The account is active already.' },
    },
    {
      method: 'POST',
      path: '/v1/admin/accounts/:id/restore',
      summary: 'Put a taken-down card back online',
      description: "The card `card_id` names (one of the account's), else the account's primary card.",
      access: 'operator',
      params: accountIdParam,
      body: {
        type: 'json',
        schema: restoreBody,
        example: { reason: 'Appeal upheld', card_id: '6f1c2b1e-5a4d-4a8e-9c3b-2d7e8f9a0b1c' },
      },
      answers: { 200: messageResponse },
      errors: { 403: NOT_YOURSELF, 404: CARD_NOT_FOUND, 409: 'The card is not taken down.' },
    },
    {
      method: 'GET',
      path: '/v1/admin/reports',
      summary: "Visitors' reports of cards, open or closed",
      description:
        'Each names the reported card (`card_id`, `username`) and its account. state=open (newest first), dismissed or taken_down (acted on; by when they were closed, with who ' +
        'closed them and why). 100 a page.',
      access: 'operator',
      query: reportListQuery,
      answers: { 200: adminReportsResponse },
    },
    {
      method: 'POST',
      path: '/v1/admin/reports/:id/dismiss',
      summary: 'Dismiss a report',
      description: 'The report stays, closed as dismissed with the reason; the audit entry links it.',
      access: 'operator',
      params: reportIdParam,
      body: { type: 'json', schema: destructiveActionBody, example: { reason: 'Not spam' } },
      answers: { 200: messageResponse },
      errors: { 404: 'No report has this id.', 409: 'The report is closed already.' },
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
      path: '/v1/admin/domains',
      summary: "Cards' own domains, with their states",
      description:
        'Each domain a card holds (docs/decisions/0103): its card and owner, its state (pending, active, failed, ' +
        'moved, blocked, deleted) and when it was added. At most 500, newest first.',
      access: 'operator',
      answers: { 200: adminDomainsResponse },
    },
    {
      method: 'GET',
      path: '/v1/admin/orgs',
      summary: 'Organisations, with their owners, members and work cards',
      description:
        'Each organisation (docs/decisions/0104): its name and short name, its owner (account, e-mail address and ' +
        'the name on their primary card), how many members and work cards it has, its seats and when it was ' +
        'made. At most 500, newest first.',
      access: 'operator',
      answers: { 200: adminOrgsResponse },
    },
    {
      method: 'POST',
      path: '/v1/admin/domains/:id/remove',
      summary: "Remove a card's domain",
      description:
        "What the owner's removal does: the domain stops showing the card at once and is deleted at Cloudflare " +
        '(or by the cron when Cloudflare cannot be reached). The audit entry names the card and the domain.',
      access: 'operator',
      params: domainIdParam,
      body: { type: 'json', schema: destructiveActionBody, example: { reason: 'Phishing on this name' } },
      answers: { 200: messageResponse },
      errors: { 404: 'No card has this domain.' },
    },
    {
      method: 'GET',
      path: '/v1/admin/audit',
      summary: "The operators' audit log",
      description:
        'Every action of the console and of `npm run admin` (actor_kind command_line), 200 a page, newest first.',
      access: 'operator',
      query: auditListQuery,
      answers: { 200: adminAuditResponse },
    },
    {
      method: 'GET',
      path: '/v1/admin/status',
      summary: 'The running deployment, read live: database sizes, the event buffer, the drain queue',
      description:
        "Each D1 database's size as D1 reports it (`needs_action` past 8 GB of D1's 10 GB), the buffer's " +
        'first page of keys (at most 1,000: how many events wait, in how many shards, and the oldest; ' +
        "`needs_action` when it waited more than 10 minutes) and the queue's backlog. The series over time " +
        'are in Workers Analytics Engine (docs/operating.md).',
      access: 'operator',
      answers: { 200: platformStatusResponse },
    },
  ],
};
