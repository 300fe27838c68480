import { z } from 'zod';

// A card's own domain (docs/decisions/0103-custom-domains.md): what the Worker reads at start-up
// (the body of POST /v1/cards/{id}/domain and two messages); the rest is in domains.ts.

export const HOSTNAME_INVALID = 'Enter a domain name such as card.example.com';
export const DOMAINS_OFF = 'Custom domains are not available here';

/** POST /v1/cards/{id}/domain: the name the owner typed (normalised by the Worker). */
export const domainBody = z
  .object({
    hostname: z.string({ error: HOSTNAME_INVALID }).max(300, { error: HOSTNAME_INVALID }),
  })
  .strict();
