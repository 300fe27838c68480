import { RESERVED_USERNAMES, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '@shared/constants';
import { ApiError, getData } from '@/lib/api-client';

/**
 * A username made from a full name as the person types it (docs/product.md §2, Register): accents dropped, words
 * joined with '-', only what a username may hold. '' when the name gives nothing usable.
 */
export function suggestUsername(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[æÆ]/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, USERNAME_MAX)
    .replace(/-+$/, '');
  return base.length >= USERNAME_MIN && !RESERVED_USERNAMES.has(base) ? base : '';
}

/** What the form can tell before asking: the name looks valid, so the server is worth asking. */
export const worthChecking = (username: string) =>
  username.length >= USERNAME_MIN &&
  username.length <= USERNAME_MAX &&
  USERNAME_PATTERN.test(username) &&
  !RESERVED_USERNAMES.has(username);

export type UsernameCheck =
  | { state: 'available' | 'taken'; username: string; url: string }
  | { state: 'invalid'; username: string; message: string };

type Availability = { username: string; available: boolean; url: string };
const isAvailability = (data: unknown): data is Availability =>
  typeof data === 'object' && data !== null && typeof (data as Availability).available === 'boolean';

/** GET /v1/auth/username: free or taken, with the card's address; a rule broken is 'invalid'. */
export async function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameCheck> {
  try {
    const data = await getData(
      `/v1/auth/username?username=${encodeURIComponent(username)}`,
      'Could not check the username',
      isAvailability,
      signal,
    );
    return { state: data.available ? 'available' : 'taken', username: data.username, url: data.url };
  } catch (error) {
    const message = error instanceof ApiError && error.status === 422 ? error.errors.username?.[0] : undefined;
    if (message) return { state: 'invalid', username, message };
    throw error;
  }
}
