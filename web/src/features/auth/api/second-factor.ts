import type { AuthResponse, User } from '@shared/types';
import { api, errorMessage } from '@/lib/api-client';
import { acceptAuth } from '@/lib/auth';
import { authStore } from '@/lib/auth-store';

/** POST /v1/auth/login/second-factor: a code from the authenticator app, or a recovery code. */
export async function completeSecondFactor(token: string, code: string): Promise<User> {
  const body = await api.post<AuthResponse>('/v1/auth/login/second-factor', { mfa_token: token, code });
  return acceptAuth(body, 'Login failed');
}

export const PASSKEY_SIGN_IN_FAILED = 'Sign-in with this passkey failed. Please try again or use your password.';

/**
 * A passkey in place of password and second factor: the server's challenge, the browser's
 * prompt, the server's check. Answers the user, or null when the person dismissed the prompt.
 */
export async function signInWithPasskey(): Promise<User | null> {
  authStore.setAuthError(null);
  const webauthn = await import('@/lib/webauthn');
  try {
    const options = await api.post<{ data: Parameters<typeof webauthn.startAuthentication>[0]['optionsJSON'] }>(
      '/v1/auth/passkey/options',
    );
    const response = await webauthn.startAuthentication({ optionsJSON: options.data });
    const body = await api.post<AuthResponse>('/v1/auth/passkey/verify', { response });
    return acceptAuth(body, 'Login failed');
  } catch (error) {
    if (webauthn.isPasskeyCancel(error)) return null;
    authStore.setAuthError(errorMessage(error, PASSKEY_SIGN_IN_FAILED));
    return null;
  }
}
