import { z } from 'zod';
import { dataResponse } from './responses';

/** GET /v1/config: what an operator configures at run time and the app shows (wrangler.toml [vars]). */
export const publicConfigSchema = z
  .object({
    /** The support contacts for an account pending activation; null when not configured. */
    support: z.object({ email: z.string().nullable(), whatsapp: z.string().nullable() }).strict(),
  })
  .strict();
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const publicConfigResponse = dataResponse(publicConfigSchema);
