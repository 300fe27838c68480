import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from './helpers';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { readCachedProfile, writeCachedProfile } from '@/lib/profile-cache';
import { failure } from './api/answer';
import { usernames } from './api/auth';
import { aCard, cardsAre } from './api/cards';
import { linksAnswer } from './api/links';
import { userAnswer } from './api/profile';
import { calls, server } from './api/server';
import { holdSession } from './api/session';
import { statsAnswer } from './api/stats';
import { aLink, aStats, aUser } from './fixtures';

// Several cards in the dashboard (docs/decisions/0091-cards-apart-from-accounts.md): the header's
// switcher, the card named in the address, each card's own answers, 'New card', and the overview's
// list with each card's figures, primary and delete.

const jane = aUser({ id: 'u1', name: 'Jane Doe', username: 'jane' });
const work = aUser({ id: 'u1', name: 'Jane at Work', username: 'jane-work' });
const CARDS = [
  aCard({ id: 'u1', username: 'jane', name: 'Jane Doe', views: 1234, clicks: 56 }),
  aCard({ id: 'c2', username: 'jane-work', name: 'Jane at Work', is_primary: false, views: 7, clicks: 3 }),
];
const link = (id: number, title: string) =>
  aLink({ id, title, url: `https://${id}.example.com`, icon: '', display_order: 0, is_active: true });

/** Each card's own profile, links and statistics, at /v1/user/ (the primary) and /v1/cards/{id}/. */
function serveTwoCards() {
  server.use(
    ...cardsAre(CARDS),
    usernames(['jane', 'jane-work']),
    http.get('/v1/user/profile', () => userAnswer(jane)),
    http.get('/v1/cards/u1/profile', () => userAnswer(jane)),
    http.get('/v1/cards/c2/profile', () => userAnswer(work)),
    http.get('/v1/user/links', () => linksAnswer([link(1, 'Personal site')])),
    http.get('/v1/cards/u1/links', () => linksAnswer([link(1, 'Personal site')])),
    http.get('/v1/cards/c2/links', () => linksAnswer([link(2, 'Work portfolio')])),
    http.get('/v1/user/stats', () => statsAnswer(aStats({ profile_views: 1234 }))),
    http.get('/v1/cards/u1/stats', () => statsAnswer(aStats({ profile_views: 1234 }))),
    http.get('/v1/cards/c2/stats', () => statsAnswer(aStats({ profile_views: 7 }))),
    // As the Worker: a card that is not the account's answers as a missing one.
    http.all('/v1/cards/:id/*', () => failure(404, 'Card not found')),
  );
}

async function openApp(url: string) {
  window.history.pushState({}, '', url);
  holdSession('access-1', 'refresh-1');
  serveTwoCards();
  const user = await renderApp();
  return user;
}

// Its name holds what it shows: the initials (no photo here), then the username.
const switcher = (username: string) =>
  screen.findByRole('button', { name: new RegExp(`^[A-Z]{1,2} @${username}: switch card$`) });

describe('the card switcher', { timeout: 20_000 }, () => {
  it("shows the chosen card's own links and profile, names it in the address and keeps it across screens", async () => {
    const user = await openApp('/dashboard/links');
    expect(await screen.findByText('Personal site', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'JD @jane: switch card' })).toBeInTheDocument();
    await user.click(await switcher('jane'));
    const menu = await screen.findByRole('menu', { name: 'Your cards' });
    expect(within(menu).getByRole('menuitemradio', { name: /Jane Doe/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: /Jane at Work/ }));

    await waitFor(() => expect(window.location.search).toBe('?card=c2'));
    expect(window.location.pathname).toBe('/dashboard/links');
    expect(await screen.findByText('Work portfolio')).toBeInTheDocument();
    expect(screen.queryByText('Personal site')).not.toBeInTheDocument();
    expect(await switcher('jane-work')).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/v1/cards/c2/links'))).toBe(true);

    // A section of the sidebar stays on the card.
    await user.click(screen.getAllByRole('link', { name: 'Profile' })[0]!);
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/profile'));
    expect(window.location.search).toBe('?card=c2');
    expect(await screen.findByDisplayValue('Jane at Work', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Jane Doe')).not.toBeInTheDocument();
  });

  it('opens on the card a bookmark names, and answers a card that is not yours with the primary one', async () => {
    await openApp('/dashboard/links?card=c2');
    expect(await screen.findByText('Work portfolio', {}, { timeout: 10_000 })).toBeInTheDocument();
    window.history.pushState({}, '', '/dashboard/links?card=someone-elses');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByText('That card is not one of yours: showing your primary card')).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(await screen.findByText('Personal site')).toBeInTheDocument();
  });

  it('shows the @username of the card in view, which its name begins with', async () => {
    // A copy keeps the first card's photo or name, so its username is what the header shows to tell
    // them apart (on a phone too, which the several-cards browser journey sees drawn).
    await openApp('/dashboard?card=c2');
    const button = await switcher('jane-work');
    expect(within(button).getByText('@jane-work')).toBeInTheDocument();
    // What it shows is what it is called, for a voice user saying it (WCAG 2.5.3).
    const shown = button.textContent!.replace(/\s+/g, ' ').trim();
    expect(shown).toBe('JA @jane-work');
    expect(button).toHaveAccessibleName(`${shown}: switch card`);
  });

  it("keeps each card's cached profile apart", () => {
    window.history.pushState({}, '', '/dashboard?card=c2');
    writeCachedProfile(work);
    expect(readCachedProfile()?.name).toBe('Jane at Work');
    window.history.pushState({}, '', '/dashboard?card=u1');
    expect(readCachedProfile()).toBeNull();
  });
});

describe('New card', { timeout: 20_000 }, () => {
  it('checks the username as it is typed, copies the chosen card and opens the new one', async () => {
    const user = await openApp('/dashboard');
    await user.click(await switcher('jane'));
    await user.click(await screen.findByRole('menuitem', { name: /New card/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New card' });
    const username = within(dialog).getByLabelText('Username');
    await user.type(username, 'jane-work');
    expect(await within(dialog).findByText('@jane-work is taken')).toBeInTheDocument();
    await user.clear(username);
    await user.type(username, 'jane-talks');
    expect(await within(dialog).findByText('@jane-talks is free')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Start from'), 'A copy of @jane');
    expect(within(dialog).getByText(/not its photos, contacts or statistics/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create card' }));

    expect(await screen.findByText('Card @jane-talks created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/v1/cards')?.body).toEqual({
      username: 'jane-talks',
      copy_of: 'u1',
    });
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/profile'));
    expect(window.location.search).toBe('?card=card-3');
  });

  it('asks for a name for an empty card and shows what the server refuses', async () => {
    const user = await openApp('/dashboard');
    await user.click(await switcher('jane'));
    await user.click(await screen.findByRole('menuitem', { name: /New card/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New card' });
    await user.type(within(dialog).getByLabelText('Username'), 'jane');
    await user.click(within(dialog).getByRole('button', { name: 'Create card' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/v1/cards')).toBe(false);
    await user.type(within(dialog).getByLabelText('Name on the card'), 'Jane Again');
    await user.click(within(dialog).getByRole('button', { name: 'Create card' }));
    expect(await within(dialog).findByText('This username is already taken')).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });
});

describe("the overview's cards", { timeout: 20_000 }, () => {
  it("lists each card's views and clicks, makes one primary and deletes one once its username is typed", async () => {
    const user = await openApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Your cards' }, { timeout: 10_000 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Jane Doe');
    expect(first).toHaveTextContent('1,234');
    expect(first).toHaveTextContent('56');
    expect(second).toHaveTextContent('@jane-work');
    expect(second).toHaveTextContent('7');
    expect(screen.getByText('2 cards of at most 10. Each has its own address, links, look, language and statistics.'));

    await user.click(screen.getByRole('button', { name: 'Delete card @jane-work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete @jane-work?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete card' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type jane-work to confirm'), 'jane-wor');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type jane-work to confirm'), 'k');
    await user.click(confirm);
    expect(await screen.findByText('Card @jane-work deleted')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      path: '/v1/cards/c2',
      body: { username: 'jane-work' },
    });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Delete card @/ })).not.toBeInTheDocument();
  });

  it('makes another card the primary one', async () => {
    const user = await openApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Make primary: @jane-work' }, { timeout: 10_000 }));
    expect(await screen.findByText('@jane-work is now your primary card')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/v1/cards/c2/primary')).toBe(true);
    // The first card can now be deleted, the new primary cannot.
    expect(await screen.findByRole('button', { name: 'Delete card @jane' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete card @jane-work' })).not.toBeInTheDocument();
  });
});
