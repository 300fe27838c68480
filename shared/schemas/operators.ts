import { z } from 'zod';
import { REPORT_NOTE_MAX, REPORT_REASONS } from '../constants';
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
