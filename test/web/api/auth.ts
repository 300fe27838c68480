import { http } from 'msw';
import {
  cookieSignedInResponse,
  cookieTokensResponse,
  otpVerifiedResponse,
  usernameAvailabilityResponse,
} from '@shared/schemas/auth';
import { publicConfigResponse } from '@shared/schemas/config';
import { passkeySignInOptionsResponse } from '@shared/schemas/security';
import type { PublicConfig, User } from '@shared/types';
import { aUser } from '../fixtures';
import { answer, done, failure } from './answer';
import { dropSession, holdSession, refreshCookie } from './session';

/**
 * A sign-in or registration that went through, as the app asks for it: the tokens set as the
 * HttpOnly cookies `token` and `refreshToken` (./session.ts), the JSON with the user and
 * `session: 'cookie'` (docs/product.md §3).
 */
export const signedIn = ({
  user = aUser(),
  token = 'access-1',
  refreshToken = 'refresh-1',
  message = 'Login successful',
  status = 200,
}: { user?: User; token?: string; refreshToken?: string; message?: string; status?: number } = {}) => {
  holdSession(token, refreshToken);
  return answer(cookieSignedInResponse, { success: true, message, session: 'cookie', user }, { status });
};

/** POST /v1/auth/refresh: a new pair, in the cookies. */
export const refreshed = (token: string, refreshToken: string) => {
  holdSession(token, refreshToken);
  return answer(cookieTokensResponse, { success: true, message: 'Token refreshed', session: 'cookie' });
};

/** POST /v1/auth/refresh refused: the Worker clears the cookies with its 401. */
export const refreshRefused = () => {
  dropSession();
  return failure(401, 'Invalid or expired refresh token');
};

/** GET /v1/config with the support contacts an operator configured (none by default). */
export const supportContacts = (support: PublicConfig['support']) =>
  http.get('/v1/config', () => answer(publicConfigResponse, { success: true, data: { support } }));

/** GET /v1/auth/username: every name free except those listed as taken. */
export const usernames = (taken: readonly string[] = []) =>
  http.get('/v1/auth/username', ({ request }) => {
    const username = new URL(request.url).searchParams.get('username') ?? '';
    const data = { username, available: !taken.includes(username), url: `${location.origin}/p/${username}` };
    return answer(usernameAvailabilityResponse, { success: true, data });
  });

/** POST /v1/auth/passkey/options: a fresh challenge each time ('challenge-1', 'challenge-2', ..., base64url). */
export const passkeyOptions = () => {
  let issued = 0;
  return http.post('/v1/auth/passkey/options', () => {
    issued += 1;
    const challenge = Buffer.from(`challenge-${issued}`).toString('base64url');
    const data = { challenge, rpId: 'localhost', timeout: 60000, userVerification: 'required' };
    return answer(passkeySignInOptionsResponse, { success: true, data });
  });
};

/** Signing in, out and back after a forgotten password, for Jane, and the public configuration. */
export const authHandlers = [
  supportContacts({ email: null, whatsapp: null }),
  http.post('/v1/auth/login', () => signedIn()),
  http.post('/v1/auth/register', () => signedIn({ message: 'Registration successful', status: 201 })),
  usernames(),
  http.post('/v1/auth/login/second-factor', () => signedIn()),
  passkeyOptions(),
  http.post('/v1/auth/passkey/verify', () => signedIn()),
  // The refresh cookie, or a token of before in the body, rotates to access-2 and refresh-2.
  http.post('/v1/auth/refresh', async ({ request }) => {
    const body = (await request.json().catch(() => ({}))) as { refresh_token?: string };
    if (!body.refresh_token && !refreshCookie()) return failure(422, 'Refresh token is required');
    return refreshed('access-2', 'refresh-2');
  }),
  http.post('/v1/auth/logout', () => {
    dropSession();
    return done('Logged out successfully');
  }),
  http.post('/v1/auth/forgot-password', () =>
    done('If an account exists for this address, a 6-digit code has been sent to it.'),
  ),
  http.post('/v1/auth/verify-otp', () =>
    answer(otpVerifiedResponse, { success: true, message: 'OTP verified successfully', data: { token: 'reset-1' } }),
  ),
  http.post('/v1/auth/reset-password', () => done('Password reset successfully')),
];
