import type { AuthResponse, User } from '@shared/types';
import { api } from '@/lib/api-client';
import { acceptAuth } from '@/lib/auth';
import { words } from '@/lib/i18n';

const t = words('auth');

/** POST /v1/auth/login/second-factor: a code from the authenticator app, or a recovery code. */
export async function completeSecondFactor(token: string, code: string): Promise<User> {
  const body = await api.post<AuthResponse>('/v1/auth/login/second-factor', { mfa_token: token, code });
  return acceptAuth(body, t('auth.login_failed'));
}
