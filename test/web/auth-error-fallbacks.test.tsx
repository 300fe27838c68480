import { render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Component as Login } from '@/app/routes/auth/login';
import { Component as Register } from '@/app/routes/auth/register';
import { Component as DashboardLayout } from '@/app/routes/dashboard/layout';
import { RouteError } from '@/components/errors/route-error';
import type { AuthResponse } from '@shared/types';
import { acceptAuth, fetchCurrentUser, initializeAuth } from '@/lib/auth';
import { authStore } from '@/lib/auth-store';
import { failure, networkFailure, noBody } from './api/answer';
import { server } from './api/server';
import { holdSession } from './api/session';
import { renderRoutes } from './helpers';

// docs/product.md §8: when the server says nothing (a 500 with no body) or nothing answers at all,
// the screens show the documented words, never a status text or the browser's 'Failed to fetch'.
const failures = [
  ['a 500 with no body', () => noBody(500)],
  ['a network failure', networkFailure],
] as const;

/** Every call of the API fails so. */
const failEverything = (fail: () => Response) => server.use(http.all('/v1/*', fail));

const expectNoRawText = () => {
  expect(screen.queryByText(/Failed to fetch$|Internal Server Error|status 500/)).not.toBeInTheDocument();
};

describe.each(failures)('with %s', (_, fail) => {
  it("login shows 'Login failed' in the alert and as a toast", async () => {
    failEverything(fail);
    const { user } = renderRoutes([{ path: '/auth/login', element: <Login /> }], '/auth/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed', { selector: '[role="alert"]' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Login failed')).toHaveLength(2));
    expect(authStore.get().authError).toBe('Login failed');
    expectNoRawText();
  });

  it("register shows 'Registration failed'", async () => {
    failEverything(fail);
    const { user } = renderRoutes([{ path: '/auth/register', element: <Register /> }], '/auth/register');
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
    expect(authStore.get().authError).toBe('Registration failed');
    expectNoRawText();
  });

  it("logout shows 'Failed to logout. Please try again.' inline and as a toast", async () => {
    failEverything(fail);
    holdSession('access', 'refresh-1');
    authStore.setUser({ id: 'u1', name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' } as never);
    const { user } = renderRoutes(
      [{ path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <h1>Overview</h1> }] }],
      '/dashboard',
    );
    await user.click(screen.getByRole('button', { name: /open account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to logout. Please try again.');
    await waitFor(() => expect(screen.getAllByText('Failed to logout. Please try again.')).toHaveLength(2));
  });

  it("startup finishes with the auth error 'Authentication failed'", async () => {
    failEverything(fail);
    holdSession('access-1', 'refresh-1');
    await initializeAuth();
    expect(authStore.get()).toMatchObject({
      isInitialized: true,
      isLoading: false,
      isAuthenticated: false,
      authError: 'Authentication failed',
    });
  });
});

it("reading the current user says 'Failed to fetch current user' when the server says nothing", async () => {
  failEverything(() => noBody(500));
  holdSession('access-1', 'refresh-1');
  await expect(fetchCurrentUser()).rejects.toThrow('Failed to fetch current user');
});

it("an answer that signs in without a user says 'User data not returned from server'", () => {
  // The Worker never answers so (its contract requires the user); the check stands for a proxy's answer.
  expect(() => acceptAuth({ success: true, session: 'cookie' } as AuthResponse, 'Login failed')).toThrow(
    'User data not returned from server',
  );
  expect(authStore.get().user).toBeNull();
});

it("login and startup still show the server's own message when it sends one", async () => {
  failEverything(() => failure(503, 'Service is down for maintenance'));
  holdSession('access-1', 'refresh-1');
  await initializeAuth();
  expect(authStore.get().authError).toBe('Service is down for maintenance');
});

it("a route that fails with something other than an Error says 'An unknown error occurred'", async () => {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        loader: () => {
          throw 'not an error object';
        },
        element: <p>never shown</p>,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  expect(await screen.findByText('An unknown error occurred')).toBeInTheDocument();
});
