import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from './helpers';
import { describe, expect, it } from 'vitest';
import { http } from 'msw';
import { authStore } from '@/lib/auth-store';
import { readCachedProfile } from '@/lib/profile-cache';
import { isolateAccounts } from '@/lib/query-client';
import { failure } from './api/answer';
import { signedIn } from './api/auth';
import { linksAnswer } from './api/links';
import { userAnswer } from './api/profile';
import { calls, server } from './api/server';
import { accessCookie, holdSession } from './api/session';
import { statsAnswer } from './api/stats';
import { aLink, aStats, aUser } from './fixtures';

// Once, with data kept 5 minutes and never refetched on mount, the next account signed in
// the same tab saw the previous account's dashboard. Each account must see only its own.

/** Each account's access cookie, as the Worker set it when that account signed in. */
const token = (name: string) => `access-${name}`;

const person = (id: string, name: string, username: string) =>
  aUser({ id, name, username, email: `${username}@example.com`, bio: `${name}'s bio` });

const accounts = {
  [token('ada')]: {
    user: person('u-ada', 'Ada Lovelace', 'ada'),
    links: [
      aLink({
        id: 1,
        title: 'Analytical Engine notes',
        url: 'https://ada.example',
        icon: '',
        display_order: 0,
        is_active: true,
      }),
    ],
    views: 111,
  },
  [token('bob')]: {
    user: person('u-bob', 'Bob Builder', 'bob'),
    links: [
      aLink({
        id: 2,
        title: 'Bob builds things',
        url: 'https://bob.example',
        icon: '',
        display_order: 0,
        is_active: true,
      }),
    ],
    views: 222,
  },
};

type Account = (typeof accounts)[string];

/** The API, answering each access cookie with that account's own data; Bob signs in with his password. */
function serveAccounts() {
  const asAccount = (respond: (account: Account) => Response) => () => {
    const account = accounts[accessCookie() ?? ''];
    return account ? respond(account) : failure(401, 'Unauthenticated');
  };
  const bob = accounts[token('bob')]!;
  server.use(
    http.post('/v1/auth/login', () => signedIn({ user: bob.user, token: token('bob'), refreshToken: 'refresh-bob' })),
    http.get(
      '/v1/user/profile',
      asAccount((account) => userAnswer(account.user)),
    ),
    http.get(
      '/v1/user/links',
      asAccount((account) => linksAnswer(account.links)),
    ),
    http.get(
      '/v1/user/stats',
      asAccount((account) => statsAnswer(aStats({ profile_views: account.views }))),
    ),
  );
}

describe('signing out and in as someone else in the same tab', () => {
  it("shows the new account's profile, links and statistics, none of the previous one's", async () => {
    window.history.pushState({}, '', '/dashboard');
    holdSession(token('ada'), 'refresh-ada');
    serveAccounts();
    const user = await renderApp();
    // The first screen waits for the app's lazy routes and its first requests, on a shared 2-core machine.
    expect(await screen.findByText('Welcome back, Ada!', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Analytical Engine notes')).toBeInTheDocument();
    expect(await screen.findByText('111')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /open account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, { timeout: 3000 })).toBeInTheDocument();
    expect(readCachedProfile()).toBeNull();

    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Welcome back, Bob!', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/v1/auth/login')?.body).toMatchObject({ email: 'bob@example.com' });
    expect(await screen.findByText('Bob builds things')).toBeInTheDocument();
    expect(await screen.findByText('222')).toBeInTheDocument();
    expect(screen.queryByText('Analytical Engine notes')).not.toBeInTheDocument();
    expect(screen.queryByText('111')).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('link', { name: 'Profile' })[0]!);
    expect(await screen.findByDisplayValue('Bob Builder', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Ada Lovelace')).not.toBeInTheDocument();
    // Nothing asked for an account's data while signed out (the sign-in screen reads only the
    // public support contacts for its hint).
    const unsigned = calls.filter((call) => !call.path.startsWith('/v1/auth/') && call.access === null);
    expect(unsigned.filter((call) => call.path !== '/v1/config')).toEqual([]);
    // The whole app, its lazy routes included, on a shared 2-core machine.
  }, 30_000);
});

describe('the query cache follows the signed-in account', () => {
  const ada = accounts[token('ada')]!.user;
  const bob = accounts[token('bob')]!.user;

  it('is emptied when the user is cleared (logout, failed refresh, 401 at startup)', () => {
    const client = new QueryClient();
    const stop = isolateAccounts(client);
    authStore.setUser(ada);
    client.setQueryData(['links'], ['ada link']);
    authStore.clearUser();
    expect(client.getQueryData(['links'])).toBeUndefined();
    stop();
  });

  it('is reset when another user takes the place of the signed-in one', async () => {
    const client = new QueryClient();
    const stop = isolateAccounts(client);
    authStore.setUser(ada);
    client.setQueryData(['links'], ['ada link']);
    authStore.setUser({ ...ada, name: 'Ada K. Lovelace' });
    expect(client.getQueryData(['links'])).toEqual(['ada link']);
    authStore.setUser(bob);
    await waitFor(() => expect(client.getQueryData(['links'])).toBeUndefined());
    stop();
  });
});
