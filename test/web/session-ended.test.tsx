// A tab whose session was ended elsewhere (a password change signs out every other
// session) leaves the dashboard when it is looked at again, and the sign-in screen says why.
import { screen } from '@testing-library/react';
import { renderApp } from './helpers';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { readSessionHint } from '@/lib/cookies';
import { sessionEnded } from '@/lib/session-check';
import { failure } from './api/answer';
import { refreshRefused } from './api/auth';
import { calls, server } from './api/server';
import { holdSession } from './api/session';

describe('a session ended elsewhere', () => {
  it('takes the tab to sign-in when it comes back into view, saying why', async () => {
    window.history.pushState({}, '', '/dashboard');
    holdSession('access-1', 'refresh-1');
    await renderApp();
    expect(await screen.findByRole('heading', { name: 'Welcome, Jane!' }, { timeout: 3000 })).toBeInTheDocument();

    // Elsewhere, the password changes: this tab's tokens are no longer accepted.
    server.use(
      http.post('/v1/auth/refresh', refreshRefused),
      http.all('/v1/*', () => failure(401, 'Invalid or expired token')),
    );
    const asked = calls.length;
    // Looked at again at once: not asked again so soon.
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.length).toBe(asked);
    expect(screen.getByRole('heading', { name: 'Welcome, Jane!' })).toBeInTheDocument();

    // A minute later the tab is looked at again.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    window.dispatchEvent(new Event('focus'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, { timeout: 3000 })).toBeInTheDocument();
    clock.mockRestore();
    expect(window.location.pathname).toBe('/auth/login');
    expect(screen.getByText(sessionEnded())).toBeInTheDocument();
    const paths = calls.slice(asked).map((call) => call.path);
    expect(paths.filter((path) => path !== '/v1/config')).toEqual(['/v1/user/profile', '/v1/auth/refresh']);
    expect(readSessionHint()).toBeNull();
  });
});
