import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { apiRequest, setSessionExpiredHandler } from '@/lib/api-client';
import { getAccessToken, getRefreshToken, storeTokens } from '@/lib/cookies';
import { FakeXhr } from './fake-xhr';
import { aUser } from './fixtures';
import { json, stubFetch, renderScreen } from './helpers';

// docs/product.md §4: a 401 is refreshed once and retried; a failed refresh removes the tokens and
// goes to /auth/login. The server revokes a refresh token's whole family when one is reused, so
// refreshes are never made twice with the same token, neither in one tab nor across tabs.

const unauthorized = () => json({ success: false, message: 'Invalid or expired token' }, 401);

/** Another tab's rotation of the session, as it lands in the shared cookies. */
const rotateInAnotherTab = (access: string, refresh: string) => {
  document.cookie = `access_token=${access}; Path=/`;
  document.cookie = `refresh_token=${refresh}; Path=/`;
};

/** A LockManager holding each name exclusively, in request order, as browsers do across tabs. */
function fakeLocks() {
  const requested: string[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  const request = (name: string, callback: () => Promise<unknown>) => {
    requested.push(name);
    const run = tail.then(() => callback());
    tail = run.catch(() => undefined);
    return run;
  };
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return { requested, request };
}

afterEach(() => {
  delete (navigator as { locks?: unknown }).locks;
});

describe('a refresh that cannot be made', () => {
  it("warns 'No refresh token available' or 'Token refresh failed', never showing either", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setSessionExpiredHandler(vi.fn());
    document.cookie = 'access_token=access-1; Path=/';
    stubFetch(unauthorized);
    await expect(apiRequest('/v1/user/stats')).rejects.toThrow('Invalid or expired token');
    expect(warn).toHaveBeenCalledWith('No refresh token available');

    storeTokens('access-1', 'refresh-1');
    await expect(apiRequest('/v1/user/stats')).rejects.toThrow('Invalid or expired token');
    expect(warn).toHaveBeenCalledWith('Token refresh failed', 401, 'Invalid or expired token');
    warn.mockRestore();
  });
});

describe('refreshing across tabs', () => {
  it('uses the token another tab rotated while this one waited for the lock, without refreshing', async () => {
    storeTokens('access-1', 'refresh-1');
    const locks = fakeLocks();
    let releaseOtherTab!: () => void;
    // The other tab holds the lock: its own access token expired at the same moment.
    void locks.request('cardlink-refresh', async () => {
      await new Promise<void>((resolve) => (releaseOtherTab = resolve));
      rotateInAnotherTab('access-2', 'refresh-2');
    });
    const calls = stubFetch(({ headers }) =>
      headers.get('Authorization') === 'Bearer access-2' ? json({ success: true, data: ['a link'] }) : unauthorized(),
    );

    const answer = apiRequest('/v1/user/links?all=true');
    await waitFor(() => expect(locks.requested).toHaveLength(2));
    releaseOtherTab();

    await expect(answer).resolves.toEqual({ success: true, data: ['a link'] });
    expect(calls.map((call) => [call.method, call.path, call.headers.get('Authorization')])).toEqual([
      ['GET', '/v1/user/links?all=true', 'Bearer access-1'],
      ['GET', '/v1/user/links?all=true', 'Bearer access-2'],
    ]);
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('refreshes under the lock when no other tab has rotated the token', async () => {
    storeTokens('access-1', 'refresh-1');
    const locks = fakeLocks();
    const calls = stubFetch(({ path, headers }) => {
      if (path === '/v1/auth/refresh') return json({ success: true, token: 'access-2', refresh_token: 'refresh-2' });
      return headers.get('Authorization') === 'Bearer access-2' ? json({ success: true, data: [] }) : unauthorized();
    });
    await expect(apiRequest('/v1/user/links?all=true')).resolves.toEqual({ success: true, data: [] });
    expect(locks.requested).toEqual(['cardlink-refresh']);
    expect(calls.map((call) => call.path)).toEqual([
      '/v1/user/links?all=true',
      '/v1/auth/refresh',
      '/v1/user/links?all=true',
    ]);
    expect(calls[1]?.body).toEqual({ refresh_token: 'refresh-1' });
  });

  it('without Web Locks, a rotation seen between the 401 and the refresh is used as it is', async () => {
    storeTokens('access-1', 'refresh-1');
    const calls = stubFetch(({ headers }) => {
      if (headers.get('Authorization') === 'Bearer access-2') return json({ success: true, data: [] });
      rotateInAnotherTab('access-2', 'refresh-2');
      return unauthorized();
    });
    await expect(apiRequest('/v1/user/stats')).resolves.toEqual({ success: true, data: [] });
    expect(calls.map((call) => call.path)).toEqual(['/v1/user/stats', '/v1/user/stats']);
  });

  it('concurrent 401s in one tab share a single refresh', async () => {
    storeTokens('access-1', 'refresh-1');
    let answerRefresh!: () => void;
    const calls = stubFetch(async ({ path, headers }) => {
      if (path === '/v1/auth/refresh') {
        await new Promise<void>((resolve) => (answerRefresh = resolve));
        return json({ success: true, token: 'access-2', refresh_token: 'refresh-2' });
      }
      return headers.get('Authorization') === 'Bearer access-2' ? json({ success: true, data: path }) : unauthorized();
    });
    const paths = ['/v1/user/links?all=true', '/v1/user/stats', '/v1/user/themes?all=true'];
    const answers = Promise.all(paths.map((path) => apiRequest(path)));
    await waitFor(() => expect(calls.filter((call) => call.path === '/v1/auth/refresh')).toHaveLength(1));
    answerRefresh();
    expect(await answers).toEqual(paths.map((path) => ({ success: true, data: path })));
    expect(calls.filter((call) => call.path === '/v1/auth/refresh')).toHaveLength(1);
    expect(calls).toHaveLength(7);
  });
});

const jane = aUser();

describe('an upload that meets a 401', () => {
  beforeEach(() => {
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  const png = () => new File([new Uint8Array(100)], 'me.png', { type: 'image/png' });

  it('is retried with the refreshed token', async () => {
    storeTokens('access-1', 'refresh-1');
    const calls = stubFetch(({ path }) => {
      if (path === '/v1/auth/refresh') return json({ success: true, token: 'access-2', refresh_token: 'refresh-2' });
      if (path === '/v1/user/profile') return json({ success: true, data: jane });
      return json({ success: true, data: [] });
    });
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await ue.upload(await screen.findByLabelText('Profile photo file'), png());
    act(() => FakeXhr.last!.respond(401, { success: false, message: 'Invalid or expired token' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    const retry = FakeXhr.last!;
    expect(retry.headers.Authorization).toBe('Bearer access-2');
    expect(retry.body?.get('avatar')).toBeInstanceOf(File);
    act(() => retry.respond(200, { success: true, data: { ...jane, avatar_url: '/media/avatars/new.png' } }));
    expect(await screen.findByText('Profile photo updated successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/v1/auth/refresh')).toHaveLength(1);
  });

  it('removes the tokens and goes to sign-in when the refresh fails', async () => {
    storeTokens('access-1', 'refresh-1');
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    stubFetch(({ path }) => {
      if (path === '/v1/auth/refresh')
        return json({ success: false, message: 'Invalid or expired refresh token' }, 401);
      if (path === '/v1/user/profile') return json({ success: true, data: jane });
      return json({ success: true, data: [] });
    });
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await ue.upload(await screen.findByLabelText('Profile photo file'), png());
    act(() => FakeXhr.last!.respond(401, { success: false, message: 'Invalid or expired token' }));
    await waitFor(() => expect(expired).toHaveBeenCalledOnce());
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(FakeXhr.all).toHaveLength(1);
  });
});
