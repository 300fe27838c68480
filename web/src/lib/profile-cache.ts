import type { User } from '@shared/types';

// Spec sections 3 and 9: the profile is cached in local storage for 30 s; the flag
// bypass_profile_cache=true skips it. Storage failures are only warned about.
export const PROFILE_KEY = 'user_profile';
export const PROFILE_TIME_KEY = 'user_profile_time';
export const BYPASS_KEY = 'bypass_profile_cache';
export const THEMES_KEY = 'themes';
export const PROFILE_CACHE_MS = 30_000;

export function readCachedProfile(now = Date.now()): User | null {
  try {
    if (localStorage.getItem(BYPASS_KEY) === 'true') return null;
    const time = Number(localStorage.getItem(PROFILE_TIME_KEY));
    const raw = localStorage.getItem(PROFILE_KEY);
    if (!raw || !time || now - time > PROFILE_CACHE_MS) return null;
    return JSON.parse(raw) as User;
  } catch (error) {
    console.warn('Could not read the cached profile', error);
    return null;
  }
}

export function writeCachedProfile(user: User, now = Date.now()) {
  try {
    localStorage.setItem(PROFILE_KEY, JSON.stringify(user));
    localStorage.setItem(PROFILE_TIME_KEY, String(now));
  } catch (error) {
    console.warn('Could not cache the profile', error);
  }
}

export function clearCachedProfile() {
  try {
    localStorage.removeItem(PROFILE_KEY);
    localStorage.removeItem(PROFILE_TIME_KEY);
  } catch (error) {
    console.warn('Could not clear the cached profile', error);
  }
}

/** Expires the cache timestamp only (spec section 4, Themes: save clears the cached profile time). */
export function expireCachedProfile() {
  try {
    localStorage.removeItem(PROFILE_TIME_KEY);
  } catch (error) {
    console.warn('Could not expire the cached profile', error);
  }
}
