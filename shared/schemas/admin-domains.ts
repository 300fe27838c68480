import { z } from 'zod';
import { DOMAIN_STATES } from './domains';
import { dataResponse, isoTime } from './responses';

// The console's view of the cards' own domains (GET /v1/admin/domains, POST
// /v1/admin/domains/{id}/remove), apart from admin.ts: the Worker reads these as types only.

/** A card's own domain as the console lists it (docs/decisions/0103-custom-domains.md). */
export const adminDomainSchema = z
  .object({
    id: z.string(),
    hostname: z.string(),
    card_id: z.string(),
    username: z.string(),
    account_id: z.string(),
    /** The owner's e-mail address. */
    owner: z.string(),
    state: z.enum(DOMAIN_STATES),
    /** When it was added to the card. */
    since: isoTime.nullable(),
  })
  .strict();
export type AdminDomain = z.infer<typeof adminDomainSchema>;
export const adminDomainsResponse = dataResponse(z.array(adminDomainSchema));
export const domainIdParam = z.object({ id: z.string().uuid() });
