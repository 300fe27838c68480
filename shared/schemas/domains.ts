import { z } from 'zod';
import { dataMessageResponse, dataResponse, isoTime } from './responses';

// A card's own domain (docs/decisions/0103-custom-domains.md): GET, POST and DELETE
// /v1/cards/{id}/domain. The body is in domain-body.ts, which the Worker reads at start-up.
export * from './domain-body';

export const HOSTNAME_APEX = (hostname: string) =>
  `${hostname} is a root domain, which cannot point here with a CNAME record. Use www.${hostname} or a subdomain such as card.${hostname}`;
export const HOSTNAME_OWN = "This is this site's own address";
export const HOSTNAME_TAKEN = 'This domain is already used by another card';
export const HOSTNAME_BLOCKED = 'This domain cannot be used here';
export const HOSTNAME_LOCAL_ONLY = 'In development only names under .localhost can be added';
export const CARD_HAS_DOMAIN = "Remove this card's domain before adding another";
export const DOMAIN_NOT_FOUND = 'This card has no domain';
export const CLOUDFLARE_FAILED = 'The domain could not be added just now. Please try again in a few minutes.';

/**
 * What the owner is told: `state` in words, and Cloudflare's own statuses for the details.
 * pending: waiting for the records; active: the card answers there; failed: the certificate could
 * not be issued in time; moved: the CNAME no longer points here; blocked: Cloudflare refuses it;
 * deleted: gone at Cloudflare.
 */
export const DOMAIN_STATES = ['pending', 'active', 'failed', 'moved', 'blocked', 'deleted'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];

/** A DNS record the owner adds at their registrar, in the order to add them. */
export const dnsRecordSchema = z
  .object({ type: z.enum(['TXT', 'CNAME']), name: z.string(), value: z.string() })
  .strict();
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const domainSchema = z
  .object({
    hostname: z.string(),
    url: z.string(),
    state: z.enum(DOMAIN_STATES),
    status: z.string(),
    ssl_status: z.string(),
    records: z.array(dnsRecordSchema),
    problems: z.array(z.string()),
    created_at: isoTime,
    /** While not active: when the domain is removed if it is still not active (7 days after it was added). */
    expires_at: isoTime.nullable(),
  })
  .strict();
export type Domain = z.infer<typeof domainSchema>;

export const domainStateSchema = z
  .object({
    /** Whether this deployment offers custom domains at all; the Share screen says nothing of them otherwise. */
    available: z.boolean(),
    domain: domainSchema.nullable(),
  })
  .strict();
export type DomainStateAnswer = z.infer<typeof domainStateSchema>;

export const domainResponse = dataResponse(domainStateSchema);
export const domainSavedResponse = dataMessageResponse(domainStateSchema);
