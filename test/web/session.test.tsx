import { render, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setSessionExpiredHandler } from '@/lib/api-client';
import { getAccessToken, getRefreshToken, storeTokens } from '@/lib/cookies';
import { failure } from './api/answer';
import { refreshed } from './api/auth';
import { linksAre } from './api/links';
import { calls, server } from './api/server';
import { aLink } from './fixtures';
import { validAccessToken } from './helpers';

const expiredToken = () => failure(401, 'Invalid or expired token');
const links = [
  aLink({ id: 1, title: 'A link', url: 'https://a.example', icon: '', display_order: 0, is_active: true }),
];

describe('401 handling (docs/product.md §4)', () => {
  it('refreshes once and retries the call with the new token', async () => {
    storeTokens('old-access', 'refresh-1');
    server.use(
      http.post('/v1/auth/refresh', () => refreshed('new-access', 'refresh-2')),
      // Only the new token reaches the links below.
      http.all('/v1/user/*', ({ request }) =>
        request.headers.get('Authorization') === 'Bearer new-access' ? undefined : expiredToken(),
      ),
      ...linksAre(links),
    );
    const expired = vi.fn();
    setSessionExpiredHandler(expired);

    await expect(apiRequest('/v1/user/links?all=true')).resolves.toEqual({ success: true, data: links });
    expect(calls.map((call) => call.path)).toEqual([
      '/v1/user/links?all=true',
      '/v1/auth/refresh',
      '/v1/user/links?all=true',
    ]);
    expect(calls[1]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(expired).not.toHaveBeenCalled();
  });

  it('removes the tokens and leaves for sign-in when the refresh fails', async () => {
    storeTokens('old-access', 'refresh-1');
    server.use(http.all('/v1/*', expiredToken));
    const expired = vi.fn();
    setSessionExpiredHandler(expired);

    await expect(apiRequest('/v1/user/stats')).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((call) => call.path)).toEqual(['/v1/user/stats', '/v1/auth/refresh']);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
  });

  it('never refreshes for the auth calls themselves', async () => {
    storeTokens('old-access', 'refresh-1');
    server.use(http.all('/v1/*', () => failure(401, 'Invalid email or password')));
    await expect(apiRequest('/v1/auth/login', { method: 'POST', json: {} })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(calls).toHaveLength(1);
    expect(getRefreshToken()).toBe('refresh-1');
  });

  it('takes the app from /dashboard to the sign-in screen when the session cannot be refreshed', async () => {
    window.history.pushState({}, '', '/dashboard');
    storeTokens(validAccessToken(), 'refresh-1');
    server.use(
      http.post('/v1/auth/refresh', () => failure(401, 'Invalid or expired refresh token')),
      http.all('/v1/*', expiredToken),
    );
    // The real app: its router installs the redirect after a failed refresh.
    const { AppProvider } = await import('@/app/provider');
    const { AppRouter } = await import('@/app/router');
    render(
      <AppProvider>
        <AppRouter />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, { timeout: 3000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth/login');
    // The sign-in screen then reads the support contacts for its hint.
    expect(calls.map((call) => call.path).filter((path) => path !== '/v1/config')).toEqual([
      '/v1/user/profile',
      '/v1/auth/refresh',
    ]);
    expect(getRefreshToken()).toBeNull();
  });
});
