import { paths } from '@/config/paths';
import type { AuthResponse, SecondFactorChallenge, User } from '@shared/types';
import type { LoginBody, RegisterBody } from '@shared/schemas/auth';
import { toast } from '@/components/toast';
import { ApiError, api, errorMessage, getData, isAbortError, withFallback } from './api-client';
import { authStore } from './auth-store';
import { forgetSession, isHintExpired, readSessionHint } from './cookies';
import { moveLegacySession, refreshSession } from './refresh-session';
import { isDeactivated, isPendingActivation } from './support';
import { writeCachedProfile } from './profile-cache';
import { words } from './i18n';

const t = words('app');

/**
 * An auth answer counts only with success and a session (docs/product.md §5): the app asks for
 * its tokens as HttpOnly cookies, so the answer says `session: 'cookie'` and carries none; an
 * answer with both tokens means the cookies came all the same (the Worker always sets them),
 * and the tokens are left where they are. A pending registration has neither.
 */
export function acceptAuth(body: AuthResponse, fallback: string): User {
  if (!body.success || !(body.session === 'cookie' || (body.token && body.refresh_token))) {
    throw new ApiError(400, body.message || fallback, {}, body.message);
  }
  if (!body.user) throw new Error('User data not returned from server');
  writeCachedProfile(body.user);
  authStore.setUser(body.user);
  return body.user;
}

const isUser = (data: unknown): data is User => typeof data === 'object' && data !== null;

/**
 * GET /v1/user/profile. Startup's check of the session throws 'Failed to fetch current user'
 * when the server says nothing; a screen loading the profile passes its own text.
 */
export const fetchCurrentUser = (signal?: AbortSignal, fallback = t('app.fetch_user_failed'), asPreloaded = false) =>
  getData('/v1/user/profile', fallback, isUser, signal, asPreloaded);

/**
 * Startup (docs/product.md §4, Auth state), by the hint cookie: no hint, no session; an expired
 * access token is refreshed first. A session kept in script cookies by an earlier version moves
 * into the HttpOnly ones before anything else.
 */
export async function initializeAuth() {
  await moveLegacySession();
  const hint = readSessionHint();
  if (!hint) return authStore.clearUser();
  if (isHintExpired(hint) && !(await refreshSession())) {
    forgetSession();
    return authStore.clearUser();
  }
  try {
    // The page named this call as a preload (worker/lib/app-page.ts): asked as that was, the
    // browser answers it with the preload's answer, fetched while the app's code came.
    const user = await fetchCurrentUser(undefined, undefined, true);
    writeCachedProfile(user);
    authStore.setUser(user);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetSession();
      authStore.clearUser();
    } else {
      authStore.setAuthError(errorMessage(error, 'Authentication failed'));
      authStore.finishInitialization();
    }
  }
}

/**
 * Answers the user, or the waiting second step when the account has a second factor, or null
 * after showing the error (docs/product.md §8, Authentication).
 */
export async function login(credentials: LoginBody): Promise<User | { secondFactor: SecondFactorChallenge } | null> {
  authStore.setAuthError(null);
  try {
    const body = await api.post<AuthResponse>('/v1/auth/login', credentials);
    if (body.success && body.mfa_required && body.mfa_token) {
      const secondFactor = { token: body.mfa_token, methods: body.mfa_methods ?? [], message: body.message ?? '' };
      return { secondFactor };
    }
    return acceptAuth(body, t('app.login_failed'));
  } catch (error) {
    const message = errorMessage(error, t('app.login_failed'));
    authStore.setAuthError(message);
    // A pending or deactivated account gets the sign-in screen's dialog instead (with the
    // support contacts): one message, not three.
    if (!isPendingActivation(message) && !isDeactivated(message)) toast.error(message);
    return null;
  }
}

/** Answers the user, or throws (the form shows field errors and pending-activation text). */
export async function register(data: RegisterBody): Promise<User> {
  authStore.setAuthError(null);
  try {
    const body = await api.post<AuthResponse>('/v1/auth/register', data);
    return acceptAuth(body, t('app.registration_failed'));
  } catch (error) {
    // docs/product.md §8: the auth error is the server's message, else 'Registration failed', and
    // the rethrown error carries the same text for the form's alert.
    authStore.setAuthError(errorMessage(error, t('app.registration_failed')));
    throw withFallback(error, t('app.registration_failed'));
  }
}

/** Releases the locks a closing dialog may leave on the page (docs/product.md §4, Logout). */
export function releaseBodyLocks() {
  document.body.style.pointerEvents = '';
  document.body.classList.remove('overflow-hidden', 'fixed');
}

/**
 * Logs out: the refresh cookie names the session, and the answer clears the cookies. Local state
 * is cleared even when the server call fails, unless the request was aborted (then the error is
 * rethrown for the dialog to ignore).
 */
export async function logout(signal?: AbortSignal) {
  authStore.setLoading(true);
  try {
    await api.post('/v1/auth/logout', { all_devices: false }, signal);
  } catch (error) {
    if (isAbortError(error)) {
      authStore.setLoading(false);
      throw error;
    }
    clearLocalSession();
    throw error;
  }
  clearLocalSession();
}

/**
 * After the account is deleted: the session (whose cookies the answer cleared) and the user go,
 * as after a logout, and the dashboard's guard sends the person home rather than to sign-in.
 */
export const forgetDeletedAccount = () => clearLocalSession(paths.home);

function clearLocalSession(leftTo: string | null = null) {
  forgetSession();
  authStore.clearUser(leftTo);
  releaseBodyLocks();
}

/** Stores a fresher copy of the user (after profile, theme or media changes). */
export function updateUser(user: User) {
  writeCachedProfile(user);
  authStore.setUser(user);
}
