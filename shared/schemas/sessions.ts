import { z } from 'zod';
import { dataMessageResponse, dataResponse, isoTime } from './responses';

/** A signed-in session as the Security section lists it; `current` marks the caller's own. */
export const sessionSchema = z
  .object({
    id: z.string(),
    browser: z.string(),
    os: z.string(),
    device: z.enum(['mobile', 'tablet', 'desktop']),
    country: z.string().nullable(),
    created_at: isoTime,
    last_used_at: isoTime,
    current: z.boolean(),
  })
  .strict();
export type Session = z.infer<typeof sessionSchema>;

export const sessionsResponse = dataResponse(z.array(sessionSchema));
/** DELETE /v1/user/sessions: how many other sessions were ended. */
export const otherSessionsEndedResponse = dataMessageResponse(
  z.object({ ended: z.number().int().nonnegative() }).strict(),
);
