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
};

export const initialAuthState: AuthState = {
  user: null,
  isAuthenticated: false,
  isLoading: true,
  isInitialized: false,
  authError: null,
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
    update({ user: flattenUser(user), isAuthenticated: true, isLoading: false, isInitialized: true }),
  /** Signed out (logout, a failed refresh, a 401 at startup): the cached profile goes too. */
  clearUser: () => {
    clearCachedProfile();
    update({ user: null, isAuthenticated: false, isLoading: false, isInitialized: true });
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
