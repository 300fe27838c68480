import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { apiRequest, setSessionExpiredHandler } from '@/lib/api-client';
import { readSessionHint } from '@/lib/cookies';
import { failure } from './api/answer';
import { refreshRefused } from './api/auth';
import { linksAre } from './api/links';
import { userAnswer } from './api/profile';
import { calls, server } from './api/server';
import { accessCookie, holdSession, refreshCookie } from './api/session';
import { aLink, aStats, aTheme, aUser } from './fixtures';
import { fakeLocks } from './fake-locks';
import { renderScreen } from './helpers';

// docs/product.md §4: a 401 is refreshed once and retried; a failed refresh forgets the session and
// goes to /auth/login. The server revokes a refresh token's whole family when one is reused, so
// refreshes are never made twice with the same token, neither in one tab nor across tabs. The
// tokens are HttpOnly cookies shared by the tabs (./api/session.ts); the hint tells a tab that
// another one has rotated them.

const unauthorized = () => failure(401, 'Invalid or expired token');

/**
 * The account's API takes only `access` as the access cookie: any other gets a 401, that one
 * falls through to the handlers behind it.
 */
const acceptOnly = (access: string) =>
  http.all('/v1/user/*', () => (accessCookie() === access ? undefined : unauthorized()));

const links = [
  aLink({ id: 1, title: 'A link', url: 'https://a.example', icon: '', display_order: 0, is_active: true }),
];

/** Another tab's rotation of the session, as it lands in the cookies the tabs share. */
const rotateInAnotherTab = (access: string, refresh: string) => holdSession(access, refresh);

describe('a refresh that cannot be made', () => {
  it("warns 'No refresh token available' or 'Token refresh failed', never showing either", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setSessionExpiredHandler(vi.fn());
    // No hint: nothing says this browser has a session to refresh.
    server.use(http.all('/v1/*', unauthorized));
    await expect(apiRequest('/v1/user/stats')).rejects.toThrow('Invalid or expired token');
    expect(warn).toHaveBeenCalledWith('No refresh token available');

    holdSession('access-1', 'refresh-1');
    await expect(apiRequest('/v1/user/stats')).rejects.toThrow('Invalid or expired token');
    expect(warn).toHaveBeenCalledWith('Token refresh failed', 401, 'Invalid or expired token');
    warn.mockRestore();
  });
});

describe('refreshing across tabs', () => {
  it('uses the cookies another tab rotated while this one waited for the lock, without refreshing', async () => {
    holdSession('access-1', 'refresh-1');
    const locks = fakeLocks();
    let releaseOtherTab!: () => void;
    // The other tab holds the lock: its own access token expired at the same moment.
    void locks.request('cardlink-refresh', async () => {
      await new Promise<void>((resolve) => (releaseOtherTab = resolve));
      rotateInAnotherTab('access-2', 'refresh-2');
    });
    server.use(acceptOnly('access-2'), ...linksAre(links));

    const answer = apiRequest('/v1/user/links?all=true');
    await waitFor(() => expect(locks.requested).toHaveLength(2));
    releaseOtherTab();

    await expect(answer).resolves.toEqual({ success: true, data: links });
    expect(calls.map((call) => [call.method, call.path, call.access])).toEqual([
      ['GET', '/v1/user/links?all=true', 'access-1'],
      ['GET', '/v1/user/links?all=true', 'access-2'],
    ]);
    expect(refreshCookie()).toBe('refresh-2');
  });

  it('refreshes under the lock when no other tab has rotated the pair', async () => {
    holdSession('access-1', 'refresh-1');
    const locks = fakeLocks();
    // The default refresh answers the pair access-2 and refresh-2.
    server.use(acceptOnly('access-2'));
    await expect(apiRequest('/v1/user/links?all=true')).resolves.toEqual({ success: true, data: [] });
    expect(locks.requested).toEqual(['cardlink-refresh']);
    expect(calls.map((call) => call.path)).toEqual([
      '/v1/user/links?all=true',
      '/v1/auth/refresh',
      '/v1/user/links?all=true',
    ]);
    expect(calls[1]).toMatchObject({ body: {}, access: 'access-1' });
  });

  it('without Web Locks, a rotation seen between the 401 and the refresh is used as it is', async () => {
    holdSession('access-1', 'refresh-1');
    server.use(
      http.all('/v1/user/*', () => {
        if (accessCookie() === 'access-2') return undefined;
        rotateInAnotherTab('access-2', 'refresh-2');
        return unauthorized();
      }),
    );
    await expect(apiRequest('/v1/user/stats')).resolves.toMatchObject({ success: true, data: aStats() });
    expect(calls.map((call) => call.path)).toEqual(['/v1/user/stats', '/v1/user/stats']);
  });

  it('concurrent 401s in one tab share a single refresh', async () => {
    holdSession('access-1', 'refresh-1');
    let answerRefresh!: () => void;
    server.use(
      acceptOnly('access-2'),
      http.post('/v1/auth/refresh', async () => {
        await new Promise<void>((resolve) => (answerRefresh = resolve));
        // Nothing returned: the default refresh answers access-2 and refresh-2.
      }),
    );
    const paths = ['/v1/user/links?all=true', '/v1/user/stats', '/v1/user/themes?all=true'];
    const answers = Promise.all(paths.map((path) => apiRequest(path)));
    await waitFor(() => expect(calls.filter((call) => call.path === '/v1/auth/refresh')).toHaveLength(1));
    answerRefresh();
    // Each call's own answer, after the one refresh.
    expect(await answers).toEqual([
      { success: true, data: [] },
      expect.objectContaining({ success: true, data: aStats() }),
      expect.objectContaining({ success: true, data: [aTheme()] }),
    ]);
    expect(calls.filter((call) => call.path === '/v1/auth/refresh')).toHaveLength(1);
    expect(calls).toHaveLength(7);
  });
});

const jane = aUser();

describe('an upload that meets a 401', () => {
  const png = () => new File([new Uint8Array(100)], 'me.png', { type: 'image/png' });
  const uploads = () => calls.filter((call) => call.path === '/v1/user/profile/avatar');

  it('is retried with the refreshed access cookie', async () => {
    holdSession('access-1', 'refresh-1');
    // The default refresh answers access-2, which the upload then takes.
    server.use(
      http.post('/v1/user/profile/avatar', () =>
        accessCookie() === 'access-2'
          ? userAnswer({ ...jane, avatar_url: '/media/avatars/new.png' }, 'Profile photo updated successfully')
          : unauthorized(),
      ),
    );
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await ue.upload(await screen.findByLabelText('Profile photo file'), png());
    expect(await screen.findByText('Profile photo updated successfully')).toBeInTheDocument();
    expect(uploads()).toHaveLength(2);
    const retry = uploads()[1]!;
    expect(retry.access).toBe('access-2');
    expect(retry.headers.has('Authorization')).toBe(false);
    expect((retry.body as FormData).get('avatar')).toBeInstanceOf(File);
    expect(calls.filter((call) => call.path === '/v1/auth/refresh')).toHaveLength(1);
  });

  it('forgets the session and goes to sign-in when the refresh fails', async () => {
    holdSession('access-1', 'refresh-1');
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    server.use(http.post('/v1/auth/refresh', refreshRefused), http.post('/v1/user/profile/avatar', unauthorized));
    const ue = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await ue.upload(await screen.findByLabelText('Profile photo file'), png());
    await waitFor(() => expect(expired).toHaveBeenCalledOnce());
    expect(readSessionHint()).toBeNull();
    expect(accessCookie()).toBeNull();
    expect(uploads()).toHaveLength(1);
  });
});
