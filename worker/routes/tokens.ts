import { Hono } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import { apiTokenCreateBody, type apiTokenCreatedResponse, type apiTokensResponse } from '@shared/schemas/tokens';
import type { AppEnv } from '../env';
import { textIdOr404 } from '../lib/params';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { randomToken, sha256 } from '../lib/hashing';
import { TOKEN_NOT_FOUND } from '../services/api-token-messages';
import { confirmIdentity } from '../services/reauth';

const idParam = textIdOr404(64, TOKEN_NOT_FOUND);

/** Making, listing and revoking tokens load on first use: a card view never needs them. */
const manage = () => import('../services/api-tokens-manage');

/**
 * /v1/user/tokens: the account's personal access tokens (docs/decisions/0097-personal-access-tokens.md).
 * Only a signed-in session reaches these: no token may make, list or revoke tokens, whatever its
 * scopes (shared/token-scopes.ts leaves them out). Making one asks again who is at the keyboard;
 * revoking only takes power away, so it does not.
 */
export const userTokens = new Hono<AppEnv>()
  .use(requireAuth)
  .use(limitBody(16 * 1024))
  .get('/', async (c) =>
    c.json({ success: true, data: await (await manage()).listApiTokens(c.var.db, c.var.userId) } satisfies Answer<
      typeof apiTokensResponse
    >),
  )
  .post('/', validate('json', apiTokenCreateBody), async (c) => {
    const { current_password, code, ...body } = c.req.valid('json');
    await confirmIdentity(c.var.db, c.var.userId, { current_password, code });
    const data = await (await manage()).createApiToken(c.var.db, c.var.userId, body, { randomToken, sha256 });
    return c.json(
      {
        success: true,
        data,
        message: 'Token created. Copy it now: it will not be shown again.',
      } satisfies Answer<typeof apiTokenCreatedResponse>,
      201,
    );
  })
  .delete('/:id', idParam, async (c) => {
    await (await manage()).revokeApiToken(c.var.db, c.var.userId, c.req.valid('param').id);
    return c.json({ success: true, message: 'Token revoked' } satisfies Answer<typeof messageResponse>);
  });
