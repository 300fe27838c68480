import { Hono, type Context } from 'hono';
import type { Answer } from '@shared/schemas/responses';
import {
  PASSKEY_AUTOFILL_OPTIONS_PER_CLIENT,
  PASSKEY_FAILURES_PER_CLIENT,
  PASSKEY_OPTIONS_PER_CLIENT,
  SIGN_IN_WINDOW_MS,
} from '@shared/constants';
import {
  passkeySignInBody,
  passkeySignInOptionsQuery,
  type passkeySignInOptionsResponse,
} from '@shared/schemas/security';
import type { AppEnv } from '../env';
import { clientKey } from '../lib/client-key';
import { tooMany, unauthorized } from '../lib/errors';
import { validate } from '../lib/validate';
import { limitBody } from '../middleware/body-limit';
import { assertMaySignIn } from '../services/account-standing';
import { releaseAttempts, reserveAttempt } from '../services/attempts';
import type { RelyingParty } from '../services/passkeys';
import { signedIn } from './sign-in';

const PASSKEY_FAILED = 'Sign-in with this passkey failed. Please try again or use your password.';
const TOO_MANY = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
const TOO_MANY_CEREMONIES = 'Too many passkey sign-ins started. Please try again in 15 minutes.';

/** This site as the browser names it in a WebAuthn ceremony. */
export const relyingParty = (c: Context<AppEnv>): RelyingParty => {
  const url = new URL(c.req.url);
  return { id: url.hostname, origin: url.origin };
};

/**
 * POST /v1/auth/passkey/options, then /verify: a passkey in place of password and second factor.
 * The ceremony's code (@simplewebauthn) loads on first use (services/passkey-ceremony.ts).
 */
export const authPasskey = new Hono<AppEnv>()
  .use(limitBody(16 * 1024))
  // Each ceremony stores a challenge row (pruned once expired, every minute): bounded per client.
  // The sign-in field's offers (?mediation=conditional) are counted apart, so a shared network's
  // sign-in visits never use up the button's ceremonies (docs/decisions/0076-passkey-autofill.md).
  .post('/options', validate('query', passkeySignInOptionsQuery), async (c) => {
    const client = await clientKey(c.env, c.req.raw);
    const autofill = c.req.valid('query').mediation === 'conditional';
    const slot = await reserveAttempt(
      c.var.db,
      autofill ? 'passkey_autofill_client' : 'passkey_options_client',
      client,
      [
        {
          windowMs: SIGN_IN_WINDOW_MS,
          max: autofill ? PASSKEY_AUTOFILL_OPTIONS_PER_CLIENT : PASSKEY_OPTIONS_PER_CLIENT,
        },
      ],
    );
    if (slot == null) throw tooMany(TOO_MANY_CEREMONIES);
    const { passkeySignInOptions } = await import('../services/passkey-ceremony');
    const options = await passkeySignInOptions(c.var.db, relyingParty(c));
    return c.json({ success: true, data: options } satisfies Answer<typeof passkeySignInOptionsResponse>);
  })
  .post('/verify', validate('json', passkeySignInBody), async (c) => {
    const db = c.var.db;
    const client = await clientKey(c.env, c.req.raw);
    const slot = await reserveAttempt(db, 'passkey_failure_client', client, [
      { windowMs: SIGN_IN_WINDOW_MS, max: PASSKEY_FAILURES_PER_CLIENT },
    ]);
    if (slot == null) throw tooMany(TOO_MANY);
    const { verifyPasskeySignIn } = await import('../services/passkey-ceremony');
    const userId = await verifyPasskeySignIn(db, relyingParty(c), c.req.valid('json').response);
    if (!userId) throw unauthorized(PASSKEY_FAILED);
    await releaseAttempts(db, slot);
    await assertMaySignIn(db, userId);
    return signedIn(c, userId, 'Login successful', 200, true);
  });
