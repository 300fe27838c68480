import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Component as DashboardLayout } from '@/app/routes/dashboard/layout';
import { authStore } from '@/lib/auth-store';
import { readSessionHint } from '@/lib/cookies';
import { failure, networkFailure } from './api/answer';
import { calls, server } from './api/server';
import { holdSession } from './api/session';
import { renderRoutes } from './helpers';

const ada = { id: 'u1', name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' } as never;

async function openLogoutDialog() {
  holdSession('access', 'refresh-1');
  authStore.setUser(ada);
  const rendered = renderRoutes(
    [
      { path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <h1>Overview</h1> }] },
      { path: '/auth/login', element: <h1>Login screen</h1> },
    ],
    '/dashboard',
  );
  await rendered.user.click(screen.getByRole('button', { name: /open account menu/i }));
  await rendered.user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
  const dialog = await screen.findByRole('dialog', { name: 'Log out' });
  return { ...rendered, dialog };
}

/** A logout call that never answers, as a slow network would, until the app aborts it. */
const hangingLogout = () => server.use(http.post('/v1/auth/logout', () => delay('infinite')));

const logoutCall = () => calls.find((call) => call.path === '/v1/auth/logout');

describe('logout dialog', () => {
  it("shows 'Logging out...' with the button disabled, and cannot be dismissed but by Cancel", async () => {
    hangingLogout();
    const { user, dialog } = await openLogoutDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(within(dialog).getByRole('button', { name: 'Logging out...' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Log out' })).toBeInTheDocument();
    // But by Cancel, which also ends the logout: left hanging, it fails once its connection drops,
    // and clearing the session then would sign out whichever test runs at that moment.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logoutCall()?.signal.aborted).toBe(true);
  });

  it('aborts on Cancel while logging out: closes, keeps the session and refetches active queries', async () => {
    hangingLogout();
    const { user, dialog, queryClient, router } = await openLogoutDialog();
    const refetch = vi.spyOn(queryClient, 'refetchQueries');
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logoutCall()?.signal.aborted).toBe(true);
    expect(refetch).toHaveBeenCalledWith({ type: 'active' });
    expect(readSessionHint()).not.toBeNull();
    expect(authStore.get().isAuthenticated).toBe(true);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('logs out, closes and goes to /auth/login', async () => {
    const { user, dialog, router } = await openLogoutDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(logoutCall()).toMatchObject({
      path: '/v1/auth/logout',
      // The refresh cookie names the session: no token in the body.
      body: { all_devices: false },
      access: 'access',
    });
    expect(readSessionHint()).toBeNull();
  });

  it('closes the dialog first and goes to /auth/login about 50 ms later', async () => {
    const { user, dialog, router } = await openLogoutDialog();
    let closedAt = 0;
    const watcher = new MutationObserver(() => {
      // Closed when no dialog is open any more: its removal from the page may wait for the close
      // animation, which a busy machine delays, while the 50 ms run from the close itself.
      if (!closedAt && !document.querySelector('[role="dialog"][data-state="open"]')) closedAt = performance.now();
    });
    watcher.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
    let leftAt = 0;
    const stop = router.subscribe((state) => {
      if (!leftAt && state.location.pathname === '/auth/login') leftAt = performance.now();
    });
    // The 50 ms are the timer the redirect waits on, read as scheduled: a gap measured by the
    // clock shrank on a busy machine, where the close's own render came late (13 ms in one CI run).
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    watcher.disconnect();
    stop();
    expect(closedAt).toBeGreaterThan(0);
    expect(leftAt).toBeGreaterThanOrEqual(closedAt);
    expect(timers.mock.calls.some(([, delay]) => delay === 50)).toBe(true);
    timers.mockRestore();
  });

  it('shows a failure inline and as a toast, having cleared the local session', async () => {
    server.use(http.post('/v1/auth/logout', () => failure(503, 'Service unavailable')));
    const { user, dialog } = await openLogoutDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getAllByText('Service unavailable')).toHaveLength(2));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Service unavailable');
    expect(readSessionHint()).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to logout. Please try again.' when the failure has no message", async () => {
    server.use(http.post('/v1/auth/logout', networkFailure));
    const { user, dialog } = await openLogoutDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to logout. Please try again.');
  });

  it('closes on Cancel when idle, then releases the page locks about 300 ms later', async () => {
    const { user, dialog } = await openLogoutDialog();
    document.body.style.pointerEvents = 'none';
    document.body.classList.add('overflow-hidden', 'fixed');
    // Read as scheduled, as the redirect's 50 ms above: a busy machine stretches any clock.
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => {
      expect(document.body.style.pointerEvents).toBe('');
      expect(document.body).not.toHaveClass('overflow-hidden');
      expect(document.body).not.toHaveClass('fixed');
    });
    expect(timers.mock.calls.some(([, delay]) => delay === 300)).toBe(true);
    timers.mockRestore();
  });
});
