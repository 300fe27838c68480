import { TOKEN_DELIVERY_HEADER } from '@shared/session-cookies';
import { hasLegacyTokens, legacyRefreshToken, readSessionHint, removeLegacyTokens } from './cookies';

// The server rotates the refresh token on every use and treats a reused one as theft, revoking
// its whole family. So two refreshes with the same token, from two requests of one tab or from
// two tabs whose access tokens expired together, would sign the user out everywhere. Within a
// tab one refresh serves every concurrent 401; across tabs the Web Locks API lets one tab
// refresh at a time, and a tab that finds the session already rotated by another just uses it.
// The tokens are HttpOnly cookies this code never sees: the hint cookie, whose tag changes with
// every pair, is how a tab tells that another one has rotated them.
const LOCK_NAME = 'cardlink-refresh';

let refreshing: Promise<boolean> | null = null;

/** The hint's value now: what a call starts with, to tell afterwards whether the pair has changed. */
export const sessionMark = () => readSessionHint()?.value ?? null;

/**
 * Makes the access cookie usable again after a 401; true when it is. `startedWith` is the hint
 * the failed call was sent with: when the hint is another one by now, another tab (or an earlier
 * refresh here) has rotated the pair and the call is simply retried.
 */
export function refreshSession(startedWith: string | null = sessionMark()): Promise<boolean> {
  if (refreshing) return refreshing;
  const current = withRefreshLock(() => refreshUnlessRotated(startedWith)).finally(() => {
    // Only its own: a refresh forgotten while it waited must not clear the one after it.
    if (refreshing === current) refreshing = null;
  });
  refreshing = current;
  return current;
}

/** Forgets a refresh still under way (tests start each case from a fresh page). */
export const forgetRefresh = () => {
  refreshing = null;
};

function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Browsers without Web Locks (and non-secure origins) keep the in-tab de-duplication only.
  if (!locks?.request) return run();
  // The lock is held until `run` settles; the DOM typings nest the promise, the browser does not.
  return locks.request(LOCK_NAME, run) as unknown as Promise<T>;
}

/** POST /v1/auth/refresh: the refresh cookie, or the token named, for new cookies. Null: no answer. */
async function postRefresh(body: { refresh_token?: string }) {
  try {
    const res = await fetch('/v1/auth/refresh', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', [TOKEN_DELIVERY_HEADER]: 'cookie' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string } | null;
    return { ok: res.ok && answer?.success === true, status: res.status, message: answer?.message ?? '' };
  } catch (error) {
    console.warn('Token refresh failed', error);
    return null;
  }
}

async function refreshUnlessRotated(startedWith: string | null): Promise<boolean> {
  const hint = readSessionHint();
  if (!hint) {
    console.warn('No refresh token available');
    return false;
  }
  if (startedWith && hint.value !== startedWith) return true;
  const answer = await postRefresh({});
  if (answer && !answer.ok) console.warn('Token refresh failed', answer.status, answer.message);
  return answer?.ok ?? false;
}

/**
 * A session an earlier version of the app kept in script-readable cookies moves into the Worker's
 * HttpOnly ones: its refresh token is spent once, under the refresh lock (two tabs spending it
 * would be a reuse, which ends the session), and the old cookies go as soon as the server has
 * answered either way. So a signed-in person stays signed in, or signs in once more at most.
 */
export async function moveLegacySession(): Promise<void> {
  if (!hasLegacyTokens()) return;
  if (!legacyRefreshToken()) return removeLegacyTokens();
  await withRefreshLock(async () => {
    // Another tab may have moved it while this one waited.
    const legacy = legacyRefreshToken();
    const answer = legacy ? await postRefresh({ refresh_token: legacy }) : null;
    // No answer at all (offline): kept, to be moved at the next start.
    if (!legacy || answer) removeLegacyTokens();
  });
}
