import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Component as AdminRoute } from '@/app/routes/admin';
import { Component as DataRoute } from '@/app/routes/dashboard/data';
import { Component as DashboardLayout } from '@/app/routes/dashboard/layout';
import { authStore } from '@/lib/auth-store';
import { readSessionHint } from '@/lib/cookies';
import { http } from 'msw';
import { failure } from './api/answer';
import { aCard, cardsAre } from './api/cards';
import { profileIs } from './api/profile';
import { securityIs } from './api/security';
import { calls, server } from './api/server';
import { holdSession } from './api/session';
import { aSecurityOverview, aUser } from './fixtures';
import { renderRoutes } from './helpers';

const ada = { id: 'u1', name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' } as never;

function renderData(landing: RouteObject = { path: '/', element: <h1>Landing</h1> }) {
  holdSession('access', 'refresh-1');
  authStore.setUser(ada);
  // Inside the dashboard and its guard, as in the app: the guard must take the person home, not to sign-in.
  return renderRoutes(
    [
      { path: '/dashboard', element: <DashboardLayout />, children: [{ path: 'data', element: <DataRoute /> }] },
      landing,
      { path: '/auth/login', element: <h1>Sign in</h1> },
    ],
    '/dashboard/data',
  );
}

const deletes = () => calls.filter((call) => call.method === 'DELETE' && call.path === '/v1/user');

/** Opens the last question from the screen's 'Delete my account'. */
async function openDialog(user: ReturnType<typeof renderData>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('dialog', { name: 'Delete your account for good?' });
}

describe('Your data: its words count the cards', () => {
  it('speaks of two cards for an account with two', async () => {
    server.use(
      ...cardsAre([aCard({ username: 'ada' }), aCard({ id: 'c2', username: 'ada-talks', is_primary: false })]),
    );
    renderData();
    expect(
      await screen.findByText('Download everything your 2 cards hold, or delete your account'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /^This removes your account and your 2 cards with their links, statistics and images for good\. Your cards stop working at once and their usernames stay reserved/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/your card holds/)).toBeNull();
  });

  it('speaks of the card for an account with one', async () => {
    server.use(...cardsAre([aCard({ username: 'ada' })]));
    renderData();
    expect(await screen.findByText('Download everything your card holds, or delete your account')).toBeInTheDocument();
    expect(
      screen.getByText(/^This removes your account, card, links, statistics and images for good\./),
    ).toBeInTheDocument();
  });
});

describe('Your data: deleting the account', () => {
  it('asks a last time, naming every card and what goes with it, and Cancel deletes nothing', async () => {
    server.use(
      ...cardsAre([aCard({ username: 'ada' }), aCard({ id: 'c2', username: 'ada-talks', is_primary: false })]),
    );
    const { user } = renderData();
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('This cannot be undone. All of this goes at once:')).toBeInTheDocument();
    const cards = await within(dialog).findByText(/Your 2 cards:/);
    expect(cards).toHaveTextContent('Your 2 cards: @ada, @ada-talks');
    expect(dialog).toHaveTextContent('Their links, statistics and images, and the contacts visitors left you');
    expect(dialog).toHaveTextContent('Your sign-in: password, passkeys, two-factor sign-in and every session');
    // Nothing to send before the password is typed.
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Current password'), 'secret-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toHaveLength(0);
    expect(readSessionHint()).not.toBeNull();
  });

  it('shows the server message on a wrong password and deletes nothing', async () => {
    server.use(
      http.delete('/v1/user', () => failure(422, 'x', { current_password: ['Your current password is incorrect'] })),
    );
    const { user } = renderData();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Your current password is incorrect')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(deletes()[0]?.body).toEqual({ current_password: 'wrong' });
    expect(deletes()[0]?.access).toBe('access');
    expect(readSessionHint()).not.toBeNull();
  });

  it('asks for the code when two-factor sign-in is on, then signs out and goes home', async () => {
    server.use(securityIs(aSecurityOverview({ totp_enabled: true })));
    const { user, router } = renderData();
    const dialog = await openDialog(user);
    await user.type(await within(dialog).findByLabelText('Code from your authenticator app'), '123456');
    await user.type(within(dialog).getByLabelText('Current password'), 'secret-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(deletes()[0]?.body).toEqual({ current_password: 'secret-pass-1', code: '123456' });
    await waitFor(() => expect(readSessionHint()).toBeNull());
    expect(authStore.get().user).toBeNull();
  });

  it('keeps the screen up until the landing page has arrived: never a blank page between them', async () => {
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    // The landing page's code, as in the app, loaded on the way home; here it arrives when told.
    const { user, router } = renderData({
      path: '/',
      lazy: async () => {
        await arrived;
        return { element: <h1>Landing</h1> };
      },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Current password'), 'secret-pass-1');
    // Every change of the page from here on leaves a heading on it: the dashboard's, then home's.
    const blank: string[] = [];
    const watch = new MutationObserver(() => {
      if (!document.querySelector('h1')) blank.push(router.state.location.pathname);
    });
    watch.observe(document.body, { childList: true, subtree: true });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    // While it loads, the dashboard is what the person sees.
    expect(screen.getByRole('dialog', { name: 'Delete your account for good?' })).toHaveTextContent('Deleting...');
    expect(screen.getByText('Export your data')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Landing' })).toBeNull();
    arrive();
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    await waitFor(() => expect(readSessionHint()).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    watch.disconnect();
    expect(blank).toEqual([]);
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
