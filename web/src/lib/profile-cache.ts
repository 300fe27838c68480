import type { Theme, User } from '@shared/types';
import { cardInView } from './card-in-view';

// docs/product.md §3 and §9: the profile is cached for 30 s, in memory and in local storage
// (`user_profile`, `user_profile_time`); the local storage flag bypass_profile_cache=true skips
// both. Storage failures are only warned about (docs/product.md §8).
export const PROFILE_KEY = 'user_profile';
export const PROFILE_TIME_KEY = 'user_profile_time';
/** Which card the cached profile is (card-in-view.ts): '' for the primary card. */
export const PROFILE_CARD_KEY = 'user_profile_card';
export const BYPASS_KEY = 'bypass_profile_cache';
export const THEMES_KEY = 'themes';
export const PROFILE_CACHE_MS = 30_000;

let memory: { user: User; time: number; card: string } | null = null;
const cardKey = () => cardInView() ?? '';

const fresh = (time: number, now: number) => time > 0 && now - time >= 0 && now - time < PROFILE_CACHE_MS;

function bypassed() {
  try {
    return localStorage.getItem(BYPASS_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The cached profile if it is younger than 30 s and the cache is not bypassed, else null. */
export function readCachedProfile(now = Date.now()): User | null {
  if (bypassed()) return null;
  // Another card's profile is not this card's, however fresh.
  const card = cardKey();
  if (memory && memory.card === card && fresh(memory.time, now)) return memory.user;
  try {
    const time = Number(localStorage.getItem(PROFILE_TIME_KEY));
    const raw = localStorage.getItem(PROFILE_KEY);
    if (!raw || !fresh(time, now) || (localStorage.getItem(PROFILE_CARD_KEY) ?? '') !== card) return null;
    const user = JSON.parse(raw) as User;
    memory = { user, time, card };
    return user;
  } catch (error) {
    console.warn('Could not read the cached profile', error);
    return null;
  }
}

export function writeCachedProfile(user: User, now = Date.now()) {
  const card = cardKey();
  memory = { user, time: now, card };
  try {
    localStorage.setItem(PROFILE_KEY, JSON.stringify(user));
    localStorage.setItem(PROFILE_TIME_KEY, String(now));
    localStorage.setItem(PROFILE_CARD_KEY, card);
  } catch (error) {
    console.warn('Could not cache the profile', error);
  }
}

export function clearCachedProfile() {
  memory = null;
  try {
    localStorage.removeItem(PROFILE_KEY);
    localStorage.removeItem(PROFILE_TIME_KEY);
    localStorage.removeItem(PROFILE_CARD_KEY);
  } catch (error) {
    console.warn('Could not clear the cached profile', error);
  }
}

/** Expires the cache timestamp only (docs/product.md §4, Themes: save clears the cached profile time). */
export function expireCachedProfile() {
  if (memory) memory = { ...memory, time: 0 };
  try {
    localStorage.removeItem(PROFILE_TIME_KEY);
  } catch (error) {
    console.warn('Could not expire the cached profile', error);
  }
}

/** The themes list last fetched (docs/product.md §3, key `themes`), or null. */
export function readCachedThemes(): Theme[] | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(THEMES_KEY) ?? 'null') as unknown;
    return Array.isArray(parsed) ? (parsed as Theme[]) : null;
  } catch (error) {
    console.warn('Could not read the cached themes', error);
    return null;
  }
}

export function writeCachedThemes(themes: Theme[]) {
  try {
    localStorage.setItem(THEMES_KEY, JSON.stringify(themes));
  } catch (error) {
    console.warn('Could not cache the themes', error);
  }
}
