import { z } from 'zod';
import { reauthFields } from './security';
import { dataMessageResponse, dataResponse, isoTime } from './responses';
import { singleLine } from './text';
import { TOKEN_NAME_MAX, TOKEN_SCOPES } from '../tokens';

export * from '../tokens';

// Personal access tokens (docs/product.md §2, API tokens, docs/decisions/0097-personal-access-tokens.md): an
// account's own key to the /v1 API, limited to scopes and, if its owner wants, to chosen cards.

const NAME_MESSAGE = 'Give the token a name';
const SCOPES_MESSAGE = 'Choose at least one scope';
const EXPIRY_MESSAGE = 'Expiry must be 30, 90 or 365 days, or none';

export const tokenNameField = z
  .string({ error: NAME_MESSAGE })
  .overwrite(singleLine)
  .trim()
  .min(1, { error: NAME_MESSAGE })
  .max(TOKEN_NAME_MAX, { error: `Token name must be at most ${TOKEN_NAME_MAX} characters` });

/** POST /v1/user/tokens: `card_ids` absent or null for every card of the account. */
export const apiTokenCreateBody = z
  .object({
    ...reauthFields,
    name: tokenNameField,
    scopes: z
      .array(z.enum(TOKEN_SCOPES, { error: `Scopes must be among ${TOKEN_SCOPES.join(', ')}` }), {
        error: SCOPES_MESSAGE,
      })
      .min(1, { error: SCOPES_MESSAGE })
      .max(TOKEN_SCOPES.length, { error: SCOPES_MESSAGE }),
    card_ids: z
      .array(z.string({ error: 'Choose cards of this account' }).min(1).max(64), {
        error: 'Choose cards of this account',
      })
      .min(1, { error: 'Choose at least one card, or none for every card' })
      .max(100, { error: 'Choose cards of this account' })
      .nullable()
      .optional(),
    expires_in_days: z.union([z.literal(30), z.literal(90), z.literal(365)], { error: EXPIRY_MESSAGE }).nullable(),
  })
  .refine((body) => Boolean(body.current_password || body.code), {
    error: 'Please enter your current password',
    path: ['current_password'],
  });
export type ApiTokenCreateBody = z.infer<typeof apiTokenCreateBody>;

/** A token as Settings lists it; the secret is never in it. */
export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(TOKEN_SCOPES)),
    /** null: every card of the account. */
    cards: z.array(z.object({ id: z.string(), username: z.string() }).strict()).nullable(),
    created_at: isoTime,
    expires_at: isoTime.nullable(),
    /** Coarse on purpose: the day (YYYY-MM-DD, UTC) and the country, never the moment or the address. */
    last_used_on: z.iso.date().nullable(),
    last_used_country: z.string().nullable(),
  })
  .strict();
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensResponse = dataResponse(z.array(apiTokenSchema));
/** The new token, with its secret: the one answer that ever holds it. */
export const apiTokenCreatedResponse = dataMessageResponse(apiTokenSchema.extend({ token: z.string() }).strict());
