import { getRefreshToken, storeTokens } from './cookies';

// The server rotates the refresh token on every use and treats a reused one as theft, revoking
// its whole family. So two refreshes with the same token, from two requests of one tab or from
// two tabs whose access tokens expired together, would sign the user out everywhere. Within a
// tab one refresh serves every concurrent 401; across tabs the Web Locks API lets one tab
// refresh at a time, and a tab that finds the token already rotated by another just uses it.
const LOCK_NAME = 'cardlink-refresh';

let refreshing: Promise<boolean> | null = null;

/**
 * Makes the access token cookie usable again after a 401; true when it is. `startedWith` is the
 * refresh token the failed call was sent with: when the cookie holds another one by now, another
 * tab (or an earlier refresh here) has rotated it and the new access token is used as it is.
 */
export function refreshSession(startedWith: string | null = getRefreshToken()): Promise<boolean> {
  refreshing ??= withRefreshLock(() => refreshUnlessRotated(startedWith)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withRefreshLock(run: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Browsers without Web Locks (and non-secure origins) keep the in-tab de-duplication only.
  if (!locks?.request) return run();
  // The lock is held until `run` settles; the DOM typings nest the promise, the browser does not.
  return locks.request(LOCK_NAME, run) as unknown as Promise<boolean>;
}

async function refreshUnlessRotated(startedWith: string | null): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    console.warn('No refresh token available');
    return false;
  }
  if (startedWith && refreshToken !== startedWith) return true;
  try {
    const res = await fetch('/v1/auth/refresh', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    const body = (await res.json().catch(() => ({}))) as {
      success?: boolean;
      token?: string;
      refresh_token?: string;
      message?: string;
    } | null;
    if (!res.ok || !body?.success || !body.token || !body.refresh_token) {
      console.warn('Token refresh failed', res.status, body?.message ?? '');
      return false;
    }
    storeTokens(body.token, body.refresh_token);
    return true;
  } catch (error) {
    console.warn('Token refresh failed', error);
    return false;
  }
}
