import { z } from 'zod';
import { REPORT_NOTE_MAX, REPORT_REASONS, TAKEDOWN_REASON_MAX } from '../constants';
import { dataResponse, isoTime } from './responses';
import { reauthFields } from './security';
import { multiLine } from './text';

const CONFIRM_PASSWORD = 'Please enter your current password';

/**
 * DELETE /v1/user: the current password always, and the authenticator code as well when the
 * second factor is on (the server says so when it is missing).
 */
export const accountDeleteBody = z.object({
  current_password: z.string({ error: CONFIRM_PASSWORD }).min(1, { error: CONFIRM_PASSWORD }).max(128, {
    error: 'Password is too long',
  }),
  code: reauthFields.code,
});
export type AccountDeleteBody = z.infer<typeof accountDeleteBody>;

const REASON_MESSAGE = 'Choose a reason';
/** POST /p/{username}/report: a plain HTML form (application/x-www-form-urlencoded). */
export const reportBody = z.object({
  reason: z.enum(Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS], { error: REASON_MESSAGE }),
  note: z
    .string()
    .overwrite(multiLine)
    .trim()
    .max(REPORT_NOTE_MAX, { error: `The note must be at most ${REPORT_NOTE_MAX} characters` })
    .optional()
    .default(''),
});

const TAKEDOWN_MESSAGE = 'Say why the card is taken down; its owner will see it';
/** POST /v1/admin/accounts/:id/takedown. */
export const takedownBody = z.object({
  reason: z
    .string({ error: TAKEDOWN_MESSAGE })
    .overwrite(multiLine)
    .trim()
    .min(3, { error: TAKEDOWN_MESSAGE })
    .max(TAKEDOWN_REASON_MAX, { error: `The reason must be at most ${TAKEDOWN_REASON_MAX} characters` }),
});

/** Any other admin action: an optional note for the audit log. */
export const adminActionBody = z.object({
  reason: z
    .string()
    .overwrite(multiLine)
    .trim()
    .max(TAKEDOWN_REASON_MAX, { error: `The reason must be at most ${TAKEDOWN_REASON_MAX} characters` })
    .optional()
    .default(''),
});

/** /v1/admin/accounts/{id}/...: a malformed id names no account (the route answers 404). */
export const accountIdParam = z.object({ id: z.string().uuid() });
/** /v1/admin/reports/{id}/...: likewise. */
export const reportIdParam = z.object({ id: z.coerce.number().int().positive() });

/** GET /v1/admin/accounts?q=&status=. */
export const accountSearchQuery = z.object({
  q: z.string().trim().max(254).optional().default(''),
  status: z.enum(['all', 'active', 'pending']).optional().default('all'),
});

// Answers: the console's rows (GET /v1/admin/*), each under `data`; every action answers a message.

const reportReason = z.enum(Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS]);

export const adminAccountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    /** Accounts being deleted are never listed (services/admin.ts); the column can say so. */
    status: z.enum(['active', 'pending', 'deleted']),
    is_admin: z.boolean(),
    username: z.string().nullable(),
    name: z.string().nullable(),
    created_at: isoTime.nullable(),
    taken_down_at: isoTime.nullable(),
    takedown_reason: z.string().nullable(),
  })
  .strict();
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminReportSchema = z
  .object({
    id: z.number().int(),
    account_id: z.string(),
    username: z.string(),
    reason: reportReason,
    note: z.string(),
    created_at: isoTime.nullable(),
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

export const adminAuditEntrySchema = z
  .object({
    id: z.number().int(),
    actor: z.string(),
    action: z.string(),
    target: z.string().nullable(),
    target_id: z.string().nullable(),
    reason: z.string(),
    created_at: isoTime.nullable(),
  })
  .strict();
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAccountsResponse = dataResponse(z.array(adminAccountSchema));
export const adminReportsResponse = dataResponse(z.array(adminReportSchema));
export const adminFlaggedLinksResponse = dataResponse(z.array(adminFlaggedLinkSchema));
export const adminAuditResponse = dataResponse(z.array(adminAuditEntrySchema));
