import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser, initializeAuth } from '@/lib/auth';
import { authStore } from '@/lib/auth-store';
import { getCookie, readSessionHint } from '@/lib/cookies';
import { moveLegacySession } from '@/lib/refresh-session';
import { networkFailure } from './api/answer';
import { refreshRefused } from './api/auth';
import { calls, server } from './api/server';
import { accessCookie, holdSession } from './api/session';
import { fakeLocks } from './fake-locks';

// Startup with the session in HttpOnly cookies (docs/product.md §4, Auth state): the app reads
// only the hint; a session that an earlier version kept in script-readable cookies moves into
// the HttpOnly ones with one refresh, so a signed-in person signs in again once at most.

/** What an earlier version of the app left in the browser: both tokens, readable by script. */
const keptByEarlierVersion = () => {
  document.cookie = 'access_token=old-access; Path=/';
  document.cookie = 'refresh_token=old-refresh; Path=/';
};
const legacyCookies = () => [getCookie('access_token'), getCookie('refresh_token')];

describe('startup', () => {
  it('reads the profile with the access cookie when the hint says a session is there', async () => {
    holdSession('access-1', 'refresh-1');
    await initializeAuth();
    expect(authStore.get()).toMatchObject({ isAuthenticated: true, isInitialized: true });
    expect(calls.map((call) => [call.path, call.access])).toEqual([['/v1/user/profile', 'access-1']]);
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  // The dashboard's page names this call as a preload (worker/lib/app-page.ts,
  // docs/decisions/0107); the browser hands a call the preload's answer only when it carries no
  // header of its own beyond Accept, else it asks the server a second time.
  it('asks for the profile as the page preloads it: no header of the app’s own', async () => {
    holdSession('access-1', 'refresh-1');
    await initializeAuth();
    // Accept is one the browser overlooks; the cookie and the user agent are the browser's own.
    const own = [...(calls[0]?.headers.keys() ?? [])].filter(
      (name) => !['accept', 'cookie', 'user-agent'].includes(name.toLowerCase()),
    );
    expect(own).toEqual([]);
    // Any other call keeps them: the API's messages in the app's language, tokens as cookies.
    await fetchCurrentUser();
    expect(calls[1]?.headers.get('Accept-Language')).toBe('en');
    expect(calls[1]?.headers.get('X-Token-Delivery')).toBe('cookie');
  });

  it('refreshes first when the hint says the access token has expired', async () => {
    holdSession('access-1', 'refresh-1', { expiresIn: -60 });
    await initializeAuth();
    expect(calls.map((call) => [call.path, call.access])).toEqual([
      ['/v1/auth/refresh', 'access-1'],
      ['/v1/user/profile', 'access-2'],
    ]);
    expect(authStore.get().isAuthenticated).toBe(true);
  });

  it('is signed out without a hint, asking nothing', async () => {
    await initializeAuth();
    expect(authStore.get()).toMatchObject({ isAuthenticated: false, isInitialized: true });
    expect(calls).toEqual([]);
  });
});

describe('a session kept in script cookies by an earlier version', () => {
  it('moves into the HttpOnly cookies with one refresh of its token, under the lock, and the old cookies go', async () => {
    const locks = fakeLocks();
    keptByEarlierVersion();
    await initializeAuth();
    expect(locks.requested).toEqual(['cardlink-refresh']);
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/v1/auth/refresh', { refresh_token: 'old-refresh' }],
      ['/v1/user/profile', undefined],
    ]);
    expect(calls[0]?.headers.get('X-Token-Delivery')).toBe('cookie');
    expect(calls[1]?.access).toBe('access-2');
    expect(legacyCookies()).toEqual([null, null]);
    expect(readSessionHint()).not.toBeNull();
    expect(authStore.get().isAuthenticated).toBe(true);
  });

  it('is spent once when two tabs start together: the second finds it moved', async () => {
    fakeLocks();
    keptByEarlierVersion();
    await Promise.all([moveLegacySession(), moveLegacySession()]);
    expect(calls.filter((call) => call.path === '/v1/auth/refresh')).toHaveLength(1);
    expect(accessCookie()).toBe('access-2');
  });

  it('that the server no longer knows: the old cookies go, and the person signs in once more', async () => {
    server.use(http.post('/v1/auth/refresh', refreshRefused));
    keptByEarlierVersion();
    await initializeAuth();
    expect(legacyCookies()).toEqual([null, null]);
    expect(authStore.get()).toMatchObject({ isAuthenticated: false, isInitialized: true });
  });

  it('is kept for the next start when the move gets no answer at all', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.post('/v1/auth/refresh', networkFailure));
    keptByEarlierVersion();
    await moveLegacySession();
    expect(legacyCookies()).toEqual(['old-access', 'old-refresh']);
    expect(warn).toHaveBeenCalledWith('Token refresh failed', expect.anything());
  });
});
