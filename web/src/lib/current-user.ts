import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shared/types';
import { fetchCurrentUser, updateUser } from './auth';
import { authStore } from './auth-store';
import { readCachedProfile } from './profile-cache';
import { words } from './i18n';

const t = words('shell');

// The signed-in user's profile (GET /v1/user/profile), read by the dashboard screens.
// docs/product.md §9: this query retries once.
export const currentUserQueryKey = ['user'] as const;

/**
 * docs/product.md §9: a profile cached less than 30 s ago (and not bypassed) is used without a
 * request. Only a screen's read takes it: startup always asks the server (docs/product.md §4,
 * step 4), so an expired session is still found out. A cached profile of someone other than
 * the signed-in user (another tab's account) is never served.
 */
async function loadProfile(signal: AbortSignal): Promise<User> {
  const signedIn = authStore.get().user;
  const cached = readCachedProfile();
  if (cached && signedIn && cached.id === signedIn.id) return cached;
  let user: User;
  try {
    user = await fetchCurrentUser(signal, t('shell.fetch_profile_failed'));
  } catch (error) {
    // docs/product.md §8: a failed refresh of the profile is logged; a screen keeps what it showed.
    if (!signal.aborted) console.error('Profile refresh failed', error);
    throw error;
  }
  // An answer landing after sign-out must not sign the tab back in.
  const { isInitialized, isAuthenticated } = authStore.get();
  if (!signal.aborted && (isAuthenticated || !isInitialized)) updateUser(user);
  return user;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => loadProfile(signal),
    retry: 1,
  });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());
