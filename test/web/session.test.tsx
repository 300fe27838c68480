import { screen } from '@testing-library/react';
import { renderApp } from './helpers';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setSessionExpiredHandler } from '@/lib/api-client';
import { readSessionHint } from '@/lib/cookies';
import { failure } from './api/answer';
import { refreshed, refreshRefused } from './api/auth';
import { linksAre } from './api/links';
import { calls, server } from './api/server';
import { accessCookie, holdSession } from './api/session';
import { aLink } from './fixtures';

const expiredToken = () => failure(401, 'Invalid or expired token');
const links = [
  aLink({ id: 1, title: 'A link', url: 'https://a.example', icon: '', display_order: 0, is_active: true }),
];

describe('401 handling (docs/product.md §4)', () => {
  it('refreshes once and retries the call with the new access cookie', async () => {
    holdSession('old-access', 'refresh-1');
    server.use(
      http.post('/v1/auth/refresh', () => refreshed('new-access', 'refresh-2')),
      // Only the new access cookie reaches the links below.
      http.all('/v1/user/*', () => (accessCookie() === 'new-access' ? undefined : expiredToken())),
      ...linksAre(links),
    );
    const expired = vi.fn();
    setSessionExpiredHandler(expired);

    await expect(apiRequest('/v1/user/links?all=true')).resolves.toEqual({ success: true, data: links });
    expect(calls.map((call) => [call.path, call.access])).toEqual([
      ['/v1/user/links?all=true', 'old-access'],
      ['/v1/auth/refresh', 'old-access'],
      ['/v1/user/links?all=true', 'new-access'],
    ]);
    // The refresh cookie is the credential: the app sends no token, in the body or a header.
    expect(calls[1]?.body).toEqual({});
    expect(calls.some((call) => call.headers.has('Authorization'))).toBe(false);
    expect(expired).not.toHaveBeenCalled();
  });

  it('forgets the session and leaves for sign-in when the refresh fails', async () => {
    holdSession('old-access', 'refresh-1');
    server.use(http.post('/v1/auth/refresh', refreshRefused), http.all('/v1/*', expiredToken));
    const expired = vi.fn();
    setSessionExpiredHandler(expired);

    await expect(apiRequest('/v1/user/stats')).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((call) => call.path)).toEqual(['/v1/user/stats', '/v1/auth/refresh']);
    expect(readSessionHint()).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
  });

  it('never refreshes for the auth calls themselves, nor on an auth page', async () => {
    holdSession('old-access', 'refresh-1');
    server.use(http.all('/v1/*', () => failure(401, 'Invalid email or password')));
    for (const path of ['/v1/auth/login', '/v1/auth/register', '/v1/auth/refresh', '/v1/auth/logout']) {
      await expect(apiRequest(path, { method: 'POST', json: {} })).rejects.toThrow('Invalid email or password');
    }
    window.history.pushState({}, '', '/auth/reset-password');
    try {
      await expect(apiRequest('/v1/user/profile')).rejects.toThrow('Invalid email or password');
    } finally {
      window.history.pushState({}, '', '/');
    }
    // Each call once, none refreshed and retried.
    expect(calls).toHaveLength(5);
    expect(readSessionHint()).not.toBeNull();
  });

  it('takes the app from /dashboard to the sign-in screen when the session cannot be refreshed', async () => {
    window.history.pushState({}, '', '/dashboard');
    holdSession('access-1', 'refresh-1');
    server.use(http.post('/v1/auth/refresh', refreshRefused), http.all('/v1/*', expiredToken));
    // The real app: its router installs the redirect after a failed refresh.
    await renderApp();
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, { timeout: 3000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth/login');
    // The sign-in screen then reads the support contacts for its hint.
    expect(calls.map((call) => call.path).filter((path) => path !== '/v1/config')).toEqual([
      '/v1/user/profile',
      '/v1/auth/refresh',
    ]);
    expect(readSessionHint()).toBeNull();
  });
});
