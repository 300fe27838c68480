import { Hono } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import type { userResponse } from '@shared/schemas/user';
import {
  emailChangeBody,
  type emailChangeStartedResponse,
  emailConfirmBody,
  passwordChangeBody,
  reauthBody,
  type recoveryCodesResponse,
  type securityOverviewResponse,
  totpConfirmBody,
  type totpSetupResponse,
} from '@shared/schemas/security';
import type { AppEnv } from '../env';
import { AppError } from '../lib/errors';
import { createMailer } from '../lib/mailer';
import { outboxMailer } from '../services/dev-outbox';
import { validate } from '../lib/validate';
import { requireAuth } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { changePassword, confirmEmailChange, requestEmailChange } from '../services/account-settings';
import { listPasskeys } from '../services/passkeys';
import { confirmIdentity } from '../services/reauth';
import { recoveryCodesLeft, replaceRecoveryCodes } from '../services/recovery-codes';
import { confirmTotpEnrolment, disableTotp, startTotpEnrolment, totpEnabled } from '../services/totp';
import { getUserView } from '../services/users';

/**
 * /v1/user/security: the second factors, the password and the e-mail address. Every change
 * asks again who is at the keyboard (reauth.ts): the current password or a fresh code.
 */
export const security = new Hono<AppEnv>()
  .use(requireAuth)
  .use(limitBody(16 * 1024))
  .get('/', async (c) => {
    const db = c.var.db;
    const userId = c.var.userId;
    const [totp, recoveryLeft, keys, user] = await Promise.all([
      totpEnabled(db, userId),
      recoveryCodesLeft(db, userId),
      listPasskeys(db, userId),
      getUserView(db, new URL(c.req.url).origin, userId),
    ]);
    return c.json({
      success: true,
      data: { email: user.email, totp_enabled: totp, recovery_codes_left: recoveryLeft, passkeys: keys },
    } satisfies Answer<typeof securityOverviewResponse>);
  })
  .post('/totp/setup', validate('json', reauthBody), async (c) => {
    await confirmIdentity(c.var.db, c.var.userId, c.req.valid('json'));
    const data = await startTotpEnrolment(c.var.db, c.var.userId);
    return c.json({ success: true, message: 'Scan the QR code with your authenticator app.', data } satisfies Answer<
      typeof totpSetupResponse
    >);
  })
  .post('/totp/enable', validate('json', totpConfirmBody), async (c) => {
    const codes = await confirmTotpEnrolment(c.var.db, c.var.userId, c.req.valid('json').code);
    return c.json({
      success: true,
      message: 'Two-factor sign-in is on.',
      data: { recovery_codes: codes },
    } satisfies Answer<typeof recoveryCodesResponse>);
  })
  .post('/totp/disable', validate('json', reauthBody), async (c) => {
    await confirmIdentity(c.var.db, c.var.userId, c.req.valid('json'));
    await disableTotp(c.var.db, c.var.userId);
    return c.json({ success: true, message: 'Two-factor sign-in is off.' } satisfies Answer<typeof messageResponse>);
  })
  .post('/recovery-codes', validate('json', reauthBody), async (c) => {
    await confirmIdentity(c.var.db, c.var.userId, c.req.valid('json'));
    if (!(await totpEnabled(c.var.db, c.var.userId))) throw new AppError(409, 'Turn on two-factor sign-in first.');
    const codes = await replaceRecoveryCodes(c.var.db, c.var.userId);
    return c.json({
      success: true,
      message: 'New recovery codes created.',
      data: { recovery_codes: codes },
    } satisfies Answer<typeof recoveryCodesResponse>);
  })
  .post('/password', validate('json', passwordChangeBody), async (c) => {
    await changePassword(c.var.db, c.var.userId, c.var.sessionId, c.req.valid('json'));
    return c.json({ success: true, message: 'Password changed successfully' } satisfies Answer<typeof messageResponse>);
  })
  .post('/email', validate('json', emailChangeBody), async (c) => {
    const db = c.var.db;
    const { email } = await requestEmailChange(
      db,
      createMailer(c.env, outboxMailer(db)),
      c.var.userId,
      c.req.valid('json'),
    );
    return c.json(
      { success: true, message: `We sent a 6-digit code to ${email}.`, data: { email } } satisfies Answer<
        typeof emailChangeStartedResponse
      >,
      202,
    );
  })
  .post('/email/confirm', validate('json', emailConfirmBody), async (c) => {
    const db = c.var.db;
    await confirmEmailChange(db, createMailer(c.env, outboxMailer(db)), c.var.userId, c.req.valid('json').code);
    const data = await getUserView(db, new URL(c.req.url).origin, c.var.userId, c.env);
    return c.json({ success: true, message: 'Email address updated successfully', data } satisfies Answer<
      typeof userResponse
    >);
  });
