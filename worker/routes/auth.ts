import { Hono } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import {
  forgotPasswordBody,
  loginBody,
  logoutBody,
  type otpVerifiedResponse,
  type pendingRegistrationResponse,
  refreshBody,
  registerBody,
  resetPasswordBody,
  type tokensResponse,
  type usernameAvailabilityResponse,
  usernameQuery,
  verifyOtpBody,
} from '@shared/schemas/auth';
import { secondFactorBody } from '@shared/schemas/security';
import type { AppEnv } from '../env';
import { clientKey } from '../lib/client-key';
import { isDevelopment, requiresActivation, secret } from '../lib/config';
import { unauthorized } from '../lib/errors';
import { createMailer } from '../lib/mailer';
import { outboxMailer } from '../services/dev-outbox';
import { validate } from '../lib/validate';
import { tokenUserId } from '../services/access-tokens';
import { limitBody } from '../middleware/body-limit';
import { authenticate, isUsernameTaken, register, REGISTERED_PENDING_MESSAGE } from '../services/accounts';
import { assertMaySignIn } from '../services/account-standing';
import { requestReset, resetPassword, verifyCode, type Defer } from '../services/password-reset';
import { completeSecondFactor } from '../services/second-factor';
import {
  endSession,
  INVALID_REFRESH_TOKEN,
  refreshTokenOwner,
  revokeAllSessions,
  rotateRefreshToken,
} from '../services/sessions';
import { getUserView } from '../services/users';
import { afterPassword, deviceOf, signedIn } from './sign-in';

const origin = (url: string) => new URL(url).origin;

export const auth = new Hono<AppEnv>()
  .use(limitBody(16 * 1024))
  .post('/register', validate('json', registerBody), async (c) => {
    const db = c.var.db;
    const pending = requiresActivation(c.env);
    const userId = await register(db, c.req.valid('json'), pending, await clientKey(c.env, c.req.raw));
    if (pending) {
      // No tokens: the client shows this message and the contact-support hint (docs/product.md §2).
      const user = await getUserView(db, origin(c.req.url), userId);
      return c.json(
        { success: true, message: REGISTERED_PENDING_MESSAGE, user } satisfies Answer<
          typeof pendingRegistrationResponse
        >,
        202,
      );
    }
    return signedIn(c, userId, 'Registration successful', 201);
  })
  // The registration form asks as the person types (issue 23). Usernames are public (every card is
  // /p/{username}), so answering whether one is taken tells nothing a visitor could not see; a name
  // held for its last owner reads as taken, as register would refuse it.
  .get('/username', validate('query', usernameQuery), async (c) => {
    const { username } = c.req.valid('query');
    const available = !(await isUsernameTaken(c.var.db, username));
    const url = `${origin(c.req.url)}/p/${username}`;
    return c.json({ success: true, data: { username, available, url } } satisfies Answer<
      typeof usernameAvailabilityResponse
    >);
  })
  .post('/login', validate('json', loginBody), async (c) => {
    const userId = await authenticate(c.var.db, c.req.valid('json'), await clientKey(c.env, c.req.raw), deviceOf(c));
    return afterPassword(c, userId);
  })
  .post('/login/second-factor', validate('json', secondFactorBody), async (c) => {
    const { mfa_token, code } = c.req.valid('json');
    const client = await clientKey(c.env, c.req.raw);
    const userId = await completeSecondFactor(c.var.db, mfa_token, code, client, deviceOf(c));
    // Deactivated in the minutes since the password was checked: no tokens.
    await assertMaySignIn(c.var.db, userId);
    return signedIn(c, userId, 'Login successful', 200, true);
  })
  .post('/refresh', validate('json', refreshBody), async (c) => {
    const tokens = await rotateRefreshToken(c.var.db, c.req.valid('json').refresh_token, secret(c.env, 'JWT_SECRET'));
    return c.json({ success: true, message: 'Token refreshed', ...tokens } satisfies Answer<typeof tokensResponse>);
  })
  .post('/logout', validate('json', logoutBody), async (c) => {
    const db = c.var.db;
    const { refresh_token, all_devices } = c.req.valid('json');
    // The refresh token is the credential (docs/product.md §7 sends it), so a client whose access
    // token expired, or is broken, still ends its session; the bearer plays no part here.
    // The schema requires it unless all_devices: nothing is answered as done that was not.
    if (!all_devices) {
      if (!refresh_token || !(await endSession(db, refresh_token))) throw unauthorized(INVALID_REFRESH_TOKEN);
      return c.json({ success: true, message: 'Logged out successfully' } satisfies Answer<typeof messageResponse>);
    }
    const owner = refresh_token ? await refreshTokenOwner(db, refresh_token) : null;
    const userId = owner?.userId ?? (await tokenUserId(db, c.req.header('Authorization'), secret(c.env, 'JWT_SECRET')));
    if (!userId) throw unauthorized();
    await revokeAllSessions(db, userId);
    return c.json({ success: true, message: 'Logged out from all devices' } satisfies Answer<typeof messageResponse>);
  })
  .post('/forgot-password', validate('json', forgotPasswordBody), async (c) => {
    const db = c.var.db;
    // In production the code is stored and mailed after the answer, so a known address does not
    // answer slower than an unknown one. The development outbox stays synchronous: the tests
    // and the browser suite read it right after the call.
    const defer: Defer | undefined = isDevelopment(c.env) ? undefined : (task) => c.executionCtx.waitUntil(task);
    await requestReset(db, createMailer(c.env, outboxMailer(db)), c.req.valid('json').email, {
      defer,
      requestId: c.var.requestId,
      client: await clientKey(c.env, c.req.raw),
    });
    return c.json({
      success: true,
      message: 'If an account exists for this address, a 6-digit code has been sent to it.',
    } satisfies Answer<typeof messageResponse>);
  })
  .post('/verify-otp', validate('json', verifyOtpBody), async (c) => {
    const token = await verifyCode(c.var.db, c.req.valid('json'), Date.now(), await clientKey(c.env, c.req.raw));
    return c.json({ success: true, message: 'OTP verified successfully', data: { token } } satisfies Answer<
      typeof otpVerifiedResponse
    >);
  })
  .post('/reset-password', validate('json', resetPasswordBody), async (c) => {
    await resetPassword(c.var.db, c.req.valid('json'));
    return c.json({ success: true, message: 'Password reset successfully' } satisfies Answer<typeof messageResponse>);
  });
