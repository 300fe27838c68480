import { useSyncExternalStore } from 'react';
import type { User } from '@shared/types';
import { clearCachedProfile } from './profile-cache';

// The client auth state of docs/product.md §4, as a tiny external store.
export type AuthState = {
  user: User | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  isInitialized: boolean;
  authError: string | null;
  /**
   * Where the dashboard goes once the session is gone on purpose (a deleted account goes home),
   * instead of to sign-in. The guard follows it, so there is one navigation and no race.
   */
  leftTo: string | null;
};

export const initialAuthState: AuthState = {
  user: null,
  isAuthenticated: false,
  isLoading: true,
  isInitialized: false,
  authError: null,
  leftTo: null,
};

let state: AuthState = initialAuthState;
const listeners = new Set<() => void>();

function update(patch: Partial<AuthState>) {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

/** The server may nest username, name and avatar under `profile`; the client reads them flat. */
export function flattenUser(user: User): User {
  const profile = user.profile;
  if (!profile) return user;
  return {
    ...user,
    username: profile.username ?? user.username,
    name: profile.name ?? user.name,
    avatar_url: profile.avatar_url ?? user.avatar_url,
    avatar: profile.avatar ?? user.avatar,
  };
}

export const authStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setUser: (user: User) =>
    update({ user: flattenUser(user), isAuthenticated: true, isLoading: false, isInitialized: true, leftTo: null }),
  /**
   * Signed out (logout, a failed refresh, a 401 at startup): the cached profile goes too.
   * `leftTo`: where the dashboard's guard sends the person, when not to sign-in.
   */
  clearUser: (leftTo: string | null = null) => {
    clearCachedProfile();
    update({ user: null, isAuthenticated: false, isLoading: false, isInitialized: true, leftTo });
  },
  finishInitialization: () => update({ isInitialized: true, isLoading: false }),
  setLoading: (isLoading: boolean) => update({ isLoading }),
  setAuthError: (authError: string | null) => update({ authError }),
  reset: () => update(initialAuthState),
};

export function useAuthState<T>(selector: (state: AuthState) => T): T {
  return useSyncExternalStore(
    authStore.subscribe,
    () => selector(state),
    () => selector(state),
  );
}
