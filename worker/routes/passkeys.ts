import { Hono } from 'hono';
import { PASSKEY_REGISTRATIONS_PER_ACCOUNT, SIGN_IN_WINDOW_MS } from '@shared/constants';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import {
  type passkeyAddedResponse,
  passkeyRegisterBody,
  type passkeyRegistrationOptionsResponse,
  type passkeysResponse,
  reauthBody,
} from '@shared/schemas/security';
import type { AppEnv } from '../env';
import { tooMany } from '../lib/errors';
import { textIdOr404 } from '../lib/params';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { reserveAttempt } from '../services/attempts';
import { deletePasskey, listPasskeys, PASSKEY_NOT_FOUND } from '../services/passkeys';
import { confirmIdentity } from '../services/reauth';
import { relyingParty } from './auth-passkey';

const idParam = textIdOr404(1024, PASSKEY_NOT_FOUND);
const TOO_MANY_REGISTRATIONS = 'Too many passkey registrations started. Please try again in 15 minutes.';

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
  // Each ceremony stores a challenge row (pruned once expired, every minute): bounded per account,
  // as the sign-in ceremonies are per client, and counted before the proof is checked, so a call
  // over the bound costs neither a password hash nor a row (docs/security.md, the bounds).
  .post('/options', validate('json', reauthBody), async (c) => {
    const bound = { windowMs: SIGN_IN_WINDOW_MS, max: PASSKEY_REGISTRATIONS_PER_ACCOUNT };
    const slot = await reserveAttempt(c.var.db, 'passkey_register_account', c.var.userId, [bound]);
    if (slot == null) throw tooMany(TOO_MANY_REGISTRATIONS);
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
