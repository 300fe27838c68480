import { z } from 'zod';
import { ACCOUNT_STATES, REPORT_REASONS, REPORT_STATES, TAKEDOWN_REASON_MAX } from '../constants';
import { dataResponse, isoTime } from './responses';
import { multiLine } from './text';
import { SEARCH_ONCE } from './contacts';
import { decimalId } from './numbers';
import { CARD_NOT_FOUND } from './cards';

// The operators' console (/v1/admin/*): what each action takes, and the lists it reads, a page at
// a time. Requests first, then answers.

const TAKEDOWN_MESSAGE = 'Say why the card is taken down; its owner will see it';
const REASON_MESSAGE_AUDIT = 'Say why; the audit log keeps the reason';
const reasonTooLong = { error: `The reason must be at most ${TAKEDOWN_REASON_MAX} characters` };
const requiredReason = (message: string) =>
  z
    .string({ error: message })
    .overwrite(multiLine)
    .trim()
    .min(3, { error: message })
    .max(TAKEDOWN_REASON_MAX, reasonTooLong);

/**
 * The card of the account an action names (docs/decisions/0091-cards-apart-from-accounts.md):
 * any text, as in a card's path; one the account does not hold answers 404 like a missing one.
 */
const cardIdField = z
  .string({ error: CARD_NOT_FOUND })
  .min(1, { error: CARD_NOT_FOUND })
  .max(64, { error: CARD_NOT_FOUND })
  .optional();

/**
 * POST /v1/admin/accounts/:id/takedown: `card_id` names the card (else the report's, else the
 * primary one); `report_id` when it answers a report (the audit links it).
 */
export const takedownBody = z.object({
  reason: requiredReason(TAKEDOWN_MESSAGE),
  report_id: z.number({ error: 'Not a report' }).int().positive().optional(),
  card_id: cardIdField,
});

/**
 * What can destroy or lock out: reject, deactivate, dismiss a report, reset a second factor. The
 * console confirms each in a dialog, and the reason is required (the audit log keeps it).
 */
export const destructiveActionBody = z.object({ reason: requiredReason(REASON_MESSAGE_AUDIT) });

/** Activate and restore: an optional note for the audit log. */
export const adminActionBody = z.object({
  reason: z.string().overwrite(multiLine).trim().max(TAKEDOWN_REASON_MAX, reasonTooLong).optional().default(''),
});

/** POST /v1/admin/accounts/:id/restore: `card_id` names the card, else the primary one. */
export const restoreBody = adminActionBody.extend({ card_id: cardIdField });

/** /v1/admin/accounts/{id}/...: a malformed id names no account (the route answers 404). */
export const accountIdParam = z.object({ id: z.string().uuid() });
/** /v1/admin/reports/{id}/...: likewise. */
export const reportIdParam = z.object({ id: z.preprocess(decimalId, z.number().int().positive()) });

const pageParam = z.coerce
  .number({ error: 'Not a page number' })
  .int({ error: 'Not a page number' })
  .min(1, { error: 'Not a page number' })
  .max(1_000_000, { error: 'Not a page number' })
  .optional()
  .default(1);

/** GET /v1/admin/accounts?q=&state=&page=. */
export const accountSearchQuery = z.object({
  q: z.string({ error: SEARCH_ONCE }).trim().max(254, { error: 'Search is too long' }).optional().default(''),
  state: z
    .enum(['all', ...ACCOUNT_STATES], { error: 'Not an account state' })
    .optional()
    .default('all'),
  page: pageParam,
});
export type AccountSearch = z.infer<typeof accountSearchQuery>;

/** GET /v1/admin/reports?state=&page=: open reports by default, or the dismissed or acted-on ones. */
export const reportListQuery = z.object({
  state: z.enum(REPORT_STATES, { error: 'Not a report state' }).optional().default('open'),
  page: pageParam,
});

/** GET /v1/admin/audit?page=. */
export const auditListQuery = z.object({ page: pageParam });

// Answers: the console's rows (GET /v1/admin/*), each under `data`; every action answers a message.

const reportReason = z.enum(Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS]);
const count = z.number().int().nonnegative();
/** A page of a list: how many rows there are in all, which page this is and how long a page is. */
const pageFields = { total: count, page: z.number().int().positive(), page_size: z.number().int().positive() };

/** One of an account's cards as the console lists it: primary first, then oldest first. */
export const adminAccountCardSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    is_primary: z.boolean(),
    taken_down_at: isoTime.nullable(),
    takedown_reason: z.string().nullable(),
  })
  .strict();
export type AdminAccountCard = z.infer<typeof adminAccountCardSchema>;

export const adminAccountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    /** Accounts being deleted are never listed (services/admin); the column can say so. */
    status: z.enum(['active', 'pending', 'deleted']),
    state: z.enum(ACCOUNT_STATES),
    is_admin: z.boolean(),
    /** The operator's own account: the console offers no action on it, and the API refuses them. */
    is_self: z.boolean(),
    /** The primary card's, as before an account held several cards; `cards` holds every one. */
    username: z.string().nullable(),
    name: z.string().nullable(),
    created_at: isoTime.nullable(),
    /** When first let in; null for a sign-up never active (the only kind Reject accepts). */
    activated_at: isoTime.nullable(),
    deactivated_at: isoTime.nullable(),
    taken_down_at: isoTime.nullable(),
    takedown_reason: z.string().nullable(),
    cards: z.array(adminAccountCardSchema),
    /** Second factors: the authenticator app (with its recovery codes), and passkeys. */
    two_factor: z.object({ app: z.boolean(), passkeys: count }).strict(),
  })
  .strict();
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminReportSchema = z
  .object({
    id: z.number().int(),
    account_id: z.string(),
    /** The reported card (one of the account's), which a takedown from the report acts on. */
    card_id: z.string(),
    username: z.string(),
    reason: reportReason,
    note: z.string(),
    created_at: isoTime.nullable(),
    state: z.enum(REPORT_STATES),
    resolved_at: isoTime.nullable(),
    /** The operator who closed it (their address then), and why. */
    resolved_by: z.string().nullable(),
    resolution_reason: z.string().nullable(),
    /** Whether the card is taken down now (an appeal may have restored it since). */
    card_taken_down: z.boolean(),
  })
  .strict();
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminFlaggedLinkSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    url: z.string(),
    account_id: z.string(),
    username: z.string(),
    matched: z.string().nullable(),
    flagged_at: isoTime.nullable(),
  })
  .strict();
export type AdminFlaggedLink = z.infer<typeof adminFlaggedLinkSchema>;

/** The actions the audit log records, from the console and from `npm run admin`. */
export const AUDIT_ACTIONS = [
  'activate',
  'deactivate',
  'reject',
  'takedown',
  'restore',
  'dismiss_report',
  'reset_2fa',
  'grant_admin',
  'revoke_admin',
  'remove_domain',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const adminAuditEntrySchema = z
  .object({
    id: z.number().int(),
    /** 'operator' (the console) or 'command_line' (npm run admin). */
    actor_kind: z.enum(['operator', 'command_line']),
    /** The operator's address at the time, or the command line's label. */
    actor: z.string(),
    /** The operator's card name now, when their account still exists. */
    actor_name: z.string().nullable(),
    /** One of AUDIT_ACTIONS; older rows may hold another word, shown as it is. */
    action: z.string(),
    target: z.string().nullable(),
    target_id: z.string().nullable(),
    report_id: z.number().int().nullable(),
    reason: z.string(),
    created_at: isoTime.nullable(),
  })
  .strict();
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAccountsPage = z.object({ accounts: z.array(adminAccountSchema), ...pageFields }).strict();
export const adminReportsPage = z.object({ reports: z.array(adminReportSchema), ...pageFields }).strict();
export const adminAuditPage = z.object({ entries: z.array(adminAuditEntrySchema), ...pageFields }).strict();
export type AdminAccountsPage = z.infer<typeof adminAccountsPage>;
export type AdminReportsPage = z.infer<typeof adminReportsPage>;
export type AdminAuditPage = z.infer<typeof adminAuditPage>;

export const adminAccountsResponse = dataResponse(adminAccountsPage);
export const adminReportsResponse = dataResponse(adminReportsPage);
export const adminFlaggedLinksResponse = dataResponse(z.array(adminFlaggedLinkSchema));
export const adminAuditResponse = dataResponse(adminAuditPage);
