import { Hono } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import {
  type passkeyAddedResponse,
  passkeyRegisterBody,
  type passkeyRegistrationOptionsResponse,
  type passkeysResponse,
  reauthBody,
} from '@shared/schemas/security';
import type { AppEnv } from '../env';
import { textIdOr404 } from '../lib/params';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { deletePasskey, listPasskeys, PASSKEY_NOT_FOUND } from '../services/passkeys';
import { confirmIdentity } from '../services/reauth';
import { relyingParty } from './auth-passkey';

const idParam = textIdOr404(1024, PASSKEY_NOT_FOUND);

/**
 * /v1/user/security/passkeys: list, add (after re-authentication) and remove (likewise). The
 * WebAuthn ceremony's code loads on the first passkey added in an isolate.
 */
export const userPasskeys = new Hono<AppEnv>()
  .use(requireAuth)
  .use(limitBody(16 * 1024))
  .get('/', async (c) =>
    c.json({ success: true, data: await listPasskeys(c.var.db, c.var.userId) } satisfies Answer<
      typeof passkeysResponse
    >),
  )
  .post('/options', validate('json', reauthBody), async (c) => {
    await confirmIdentity(c.var.db, c.var.userId, c.req.valid('json'));
    const { passkeyRegistrationOptions } = await import('../services/passkey-ceremony');
    const data = await passkeyRegistrationOptions(c.var.db, c.var.userId, relyingParty(c));
    return c.json({ success: true, data } satisfies Answer<typeof passkeyRegistrationOptionsResponse>);
  })
  .post('/', validate('json', passkeyRegisterBody), async (c) => {
    const { registerPasskey } = await import('../services/passkey-ceremony');
    const data = await registerPasskey(c.var.db, c.var.userId, relyingParty(c), c.req.valid('json'));
    return c.json({ success: true, message: 'Passkey added', data } satisfies Answer<typeof passkeyAddedResponse>, 201);
  })
  .delete('/:id', idParam, validate('json', reauthBody), async (c) => {
    await confirmIdentity(c.var.db, c.var.userId, c.req.valid('json'));
    await deletePasskey(c.var.db, c.var.userId, c.req.valid('param').id);
    return c.json({ success: true, message: 'Passkey removed' } satisfies Answer<typeof messageResponse>);
  });
