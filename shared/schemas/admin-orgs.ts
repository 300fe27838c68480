import { z } from 'zod';
import { dataResponse, isoTime } from './responses';

// The console's list of organisations (GET /v1/admin/orgs), apart from admin.ts: the Worker reads
// these as types only.

/** An organisation as the console lists it (docs/decisions/0104-organisations.md). */
export const adminOrgSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    /** The owner's account, e-mail address and the name on their primary card; null if none (never, in practice). */
    owner: z.object({ id: z.string(), email: z.string(), name: z.string() }).strict().nullable(),
    members: z.number().int(),
    /** Its work cards, held, waiting or paused. */
    cards: z.number().int(),
    seats: z.number().int(),
    created_at: isoTime,
  })
  .strict();
export type AdminOrg = z.infer<typeof adminOrgSchema>;
export const adminOrgsResponse = dataResponse(z.array(adminOrgSchema));
