import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Component as AdminRoute } from '@/app/routes/admin';
import { Component as DataRoute } from '@/app/routes/dashboard/data';
import { Component as DashboardLayout } from '@/app/routes/dashboard/layout';
import { authStore } from '@/lib/auth-store';
import { readSessionHint } from '@/lib/cookies';
import { http } from 'msw';
import { failure } from './api/answer';
import { profileIs } from './api/profile';
import { securityIs } from './api/security';
import { calls, server } from './api/server';
import { holdSession } from './api/session';
import { aSecurityOverview, aUser } from './fixtures';
import { renderRoutes } from './helpers';

const ada = { id: 'u1', name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' } as never;

function renderData() {
  holdSession('access', 'refresh-1');
  authStore.setUser(ada);
  // Inside the dashboard and its guard, as in the app: the guard must take the person home, not to sign-in.
  return renderRoutes(
    [
      { path: '/dashboard', element: <DashboardLayout />, children: [{ path: 'data', element: <DataRoute /> }] },
      { path: '/', element: <h1>Landing</h1> },
      { path: '/auth/login', element: <h1>Sign in</h1> },
    ],
    '/dashboard/data',
  );
}

describe('Your data: deleting the account', () => {
  it('shows the server message on a wrong password and deletes nothing', async () => {
    server.use(
      http.delete('/v1/user', () => failure(422, 'x', { current_password: ['Your current password is incorrect'] })),
    );
    const { user } = renderData();
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ current_password: 'wrong' });
    expect(calls.find((call) => call.method === 'DELETE')?.access).toBe('access');
    expect(readSessionHint()).not.toBeNull();
  });

  it('asks for the code when two-factor sign-in is on, then signs out and goes home', async () => {
    server.use(securityIs(aSecurityOverview({ totp_enabled: true })));
    const { user, router } = renderData();
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '123456');
    await user.type(screen.getByLabelText('Current password'), 'secret-pass-1');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({
      current_password: 'secret-pass-1',
      code: '123456',
    });
    expect(readSessionHint()).toBeNull();
    expect(authStore.get().user).toBeNull();
  });
});

describe('takedown notice and the admin console', () => {
  it('shows the owner why the card was taken down on every dashboard screen', async () => {
    holdSession('access', 'refresh-1');
    const takenDown = aUser({
      ...(ada as object),
      takedown: { reason: 'Impersonates a bank', at: '2026-11-24T00:00:00Z' },
    });
    server.use(profileIs(takenDown));
    authStore.setUser(takenDown);
    renderRoutes(
      [{ path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <h1>Overview</h1> }] }],
      '/dashboard',
    );
    expect(await screen.findByText('Reason: Impersonates a bank')).toBeInTheDocument();
  });

  it('tells an operator without a second factor what to do', async () => {
    const message =
      'The admin console needs two-factor sign-in. Turn it on in Security (an authenticator app), then sign in again.';
    server.use(http.all('/v1/admin/*', () => failure(403, message)));
    holdSession('access', 'refresh-1');
    authStore.setUser(ada);
    renderRoutes([{ path: '/admin', element: <AdminRoute /> }], '/admin');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
