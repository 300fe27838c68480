import { Hono } from 'hono';
import type { Answer, messageResponse } from '@shared/schemas/responses';
import {
  type cookieTokensResponse,
  forgotPasswordBody,
  loginBody,
  logoutBody,
  type otpVerifiedResponse,
  type pendingRegistrationResponse,
  REFRESH_TOKEN_REQUIRED,
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
import { fieldError, unauthorized } from '../lib/errors';
import { clearSessionCookies, refreshCookie, wantsCookiesOnly } from '../lib/session-cookies';
import { createMailer } from '../lib/mailer';
import { outboxMailer } from '../services/dev-outbox';
import { validate } from '../lib/validate';
import { accessTokenUserId } from '../services/access-tokens';
import { accessCredential, assertOwnPages } from '../middleware/auth';
import { limitBody } from '../middleware/body-limit';
import { browserLanguage } from '../lib/i18n';
import { authenticate, isUsernameTaken, register, REGISTERED_PENDING_MESSAGE } from '../services/accounts';
import { countShards } from '../lib/count-shards';
import { assertMaySignIn } from '../services/account-standing';
import { requestReset, resetPassword, verifyCode, type Defer } from '../services/password-reset';
import { completeSecondFactor } from '../services/second-factor';
import {
  endSession,
  INVALID_REFRESH_TOKEN,
  refreshTokenOwner,
  revokeAllSessions,
  rotateRefreshToken,
  type TokenPair,
} from '../services/sessions';
import { getUserView } from '../services/users';
import { afterPassword, deliverTokens, deviceOf, signedIn } from './sign-in';

const origin = (url: string) => new URL(url).origin;

export const auth = new Hono<AppEnv>()
  .use(limitBody(16 * 1024))
  .post('/register', validate('json', registerBody), async (c) => {
    const db = c.var.db;
    const pending = requiresActivation(c.env);
    const client = await clientKey(c.env, c.req.raw);
    const userId = await register(
      db,
      c.req.valid('json'),
      pending,
      client,
      countShards(c.env).length,
      browserLanguage(c.req.raw),
    );
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
  // The registration form asks as the person types (decision 74). Usernames are public (every card is
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
    // An API client sends its refresh token; the browser's is in its HttpOnly cookie.
    const sent = c.req.valid('json').refresh_token;
    const cookie = sent ? null : refreshCookie(c);
    if (cookie) assertOwnPages(c);
    const presented = sent ?? cookie;
    if (!presented) throw fieldError('refresh_token', REFRESH_TOKEN_REQUIRED);
    let tokens: TokenPair;
    try {
      tokens = await rotateRefreshToken(c.var.db, presented, secret(c.env, 'JWT_SECRET'));
    } catch (error) {
      // The cookie names a session that is over: the browser forgets it along with the 401.
      if (cookie) clearSessionCookies(c);
      throw error;
    }
    // Presented as a cookie, the new pair goes back only as cookies, whatever the request asked:
    // a script in the page could otherwise read the tokens out of a refresh it started itself.
    const delivered = deliverTokens(c, tokens, cookie !== null || wantsCookiesOnly(c));
    return c.json({ success: true, message: 'Token refreshed', ...delivered } satisfies
      Answer<typeof tokensResponse> | Answer<typeof cookieTokensResponse>);
  })
  .post('/logout', validate('json', logoutBody), async (c) => {
    const db = c.var.db;
    const { all_devices } = c.req.valid('json');
    // The refresh token is the credential (docs/product.md §7 sends it; a browser's is its
    // cookie), so a client whose access token expired, or is broken, still ends its session; the
    // bearer plays no part here. Nothing is answered as done that was not.
    const sent = c.req.valid('json').refresh_token || null;
    const cookie = sent ? null : refreshCookie(c);
    if (cookie) assertOwnPages(c);
    const presented = sent ?? cookie;
    // Whatever the outcome, the browser's session cookies name a session that is over or unknown.
    clearSessionCookies(c);
    if (!all_devices) {
      if (!presented) throw fieldError('refresh_token', REFRESH_TOKEN_REQUIRED);
      if (!(await endSession(db, presented))) throw unauthorized(INVALID_REFRESH_TOKEN);
      return c.json({ success: true, message: 'Logged out successfully' } satisfies Answer<typeof messageResponse>);
    }
    const owner = presented ? await refreshTokenOwner(db, presented) : null;
    let userId = owner?.userId ?? null;
    if (!userId) {
      const credential = accessCredential(c);
      if (credential?.via === 'cookie') assertOwnPages(c);
      userId = await accessTokenUserId(db, credential?.token ?? null, secret(c.env, 'JWT_SECRET'));
    }
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
