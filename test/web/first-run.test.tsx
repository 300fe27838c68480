import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Contact } from '@shared/schemas/contacts';
import type { Link, User } from '@shared/types';
import { authStore } from '@/lib/auth-store';
import { OverviewScreen } from '@/features/dashboard/components/overview-screen';
import { ShareActions } from '@/features/profile/components/share-actions';
import { CopyButton } from '@/features/share/components/copy-button';
import { StatsScreen } from '@/features/stats/components/stats-screen';
import { DashboardHeader } from '@/features/shell/components/dashboard-header';
import { aCard, cardsAre } from './api/cards';
import { contactsAnswer, contactsAre } from './api/contacts';
import { linksAnswer, linksAre } from './api/links';
import { profileIs, userAnswer } from './api/profile';
import { server } from './api/server';
import { holdSession } from './api/session';
import { statsAnswer, statsAre } from './api/stats';
import { aLink, aStats, aTheme, aUser } from './fixtures';
import { renderScreen, renderApp } from './helpers';

const link: Link = aLink({
  id: 1,
  title: 'GitHub',
  url: 'https://github.com/jane',
  icon: '/icons/github.svg',
  display_order: 0,
  is_active: true,
});

function serve(user: User, links: Link[], views = 0, contacts: Contact[] = []) {
  server.use(profileIs(user), ...linksAre(links), statsAre(aStats({ profile_views: views })), contactsAre(contacts));
}

const checklist = () => screen.findByRole('heading', { name: 'Get your card ready' });
const step = (name: RegExp) => screen.getByRole('link', { name });

describe('the first-run checklist', () => {
  it('welcomes a newcomer with five steps, none done, each leading where it is done', async () => {
    serve(aUser({ theme_id: 1, theme: aTheme({ is_default: true }) }), []);
    renderScreen(<OverviewScreen />);
    expect(await screen.findByRole('heading', { name: 'Welcome, Jane!' })).toBeInTheDocument();
    await checklist();
    expect(screen.getByText('0 of 5 done')).toBeInTheDocument();
    expect(step(/Add a photo \(to do\)/)).toHaveAttribute('href', '/dashboard/profile');
    expect(step(/Add your first link \(to do\)/)).toHaveAttribute('href', '/dashboard/links');
    expect(step(/Choose a theme \(to do\)/)).toHaveAttribute('href', '/dashboard/themes');
    expect(step(/Let visitors share their details \(to do\)/)).toHaveAttribute('href', '/dashboard/contacts');
    expect(step(/Share your card \(to do\)/)).toHaveAttribute('href', '/dashboard/share');
  });

  it('shows each step as a row to tap: a chevron at its end and a 44 px target', async () => {
    serve(aUser(), []);
    renderScreen(<OverviewScreen />);
    await checklist();
    const rows = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('link');
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.lastElementChild?.getAttribute('class')).toMatch(/lucide-chevron-right/);
      expect(row.className).toMatch(/\bmin-h-11\b/);
    }
  });

  it('tracks real progress: a photo, a link, a theme of their own and contact exchange on', async () => {
    serve(
      aUser({
        contact_exchange: true,
        avatar_url: 'https://card.test/media/u1/avatar/abc/384.jpg',
        custom_theme: {
          background_color: '#000000',
          text_color: '#ffffff',
          accent_color: '#ff0000',
          font_family: 'Inter, sans-serif',
        },
      }),
      [link],
      2,
    );
    renderScreen(<OverviewScreen />);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane!' })).toBeInTheDocument();
    await checklist();
    expect(screen.getByText('4 of 5 done')).toBeInTheDocument();
    expect(step(/Add a photo \(done\)/)).toBeInTheDocument();
    expect(step(/Add your first link \(done\)/)).toBeInTheDocument();
    expect(step(/Choose a theme \(done\)/)).toBeInTheDocument();
    expect(step(/Let visitors share their details \(done\)/)).toBeInTheDocument();
    expect(step(/Share your card \(to do\)/)).toBeInTheDocument();
  });

  it('stays dismissed once put away', async () => {
    const user = userEvent.setup();
    serve(aUser(), []);
    const first = renderScreen(<OverviewScreen />);
    await checklist();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('heading', { name: 'Get your card ready' })).toBeNull();
    first.unmount();
    renderScreen(<OverviewScreen />);
    await screen.findByRole('heading', { name: 'Welcome, Jane!' });
    expect(screen.queryByRole('heading', { name: 'Get your card ready' })).toBeNull();
  });
});

describe("the header's Copy link", () => {
  it("hands out the card's own domain once it is active, as the Share screen does", async () => {
    const user = userEvent.setup();
    const owner = aUser();
    // Signed in: the header reads the account's cards to know the card in view.
    authStore.setUser(owner);
    serve(owner, [link], 1);
    server.use(
      // Before the cards' own answers, which say this deployment offers no domains.
      http.get('/v1/cards/:id/domain', () =>
        HttpResponse.json({
          success: true,
          data: {
            available: true,
            domain: {
              hostname: 'card.jane.example',
              url: 'https://card.jane.example/',
              state: 'active',
              status: 'active',
              ssl_status: 'active',
              records: [],
              problems: [],
              created_at: '2026-12-01T10:00:00.000Z',
              expires_at: null,
            },
          },
        }),
      ),
      ...cardsAre(),
    );
    renderScreen(<DashboardHeader user={owner} onOpenNav={() => undefined} onLogout={() => undefined} />);
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Copy link' }));
      expect(await navigator.clipboard.readText()).toBe('https://card.jane.example/');
    });
  });

  it('copies the card URL, says so, and counts as sharing the card', async () => {
    // user-event's clipboard stands in for the browser's.
    const user = userEvent.setup();
    const owner = aUser({
      contact_exchange: true,
      avatar_url: 'https://card.test/media/u1/avatar/abc/384.jpg',
      custom_theme: {
        background_color: '#000000',
        text_color: '#ffffff',
        accent_color: '#ff0000',
        font_family: 'Inter, sans-serif',
      },
    });
    serve(owner, [link], 1);
    renderScreen(
      <>
        <DashboardHeader user={owner} onOpenNav={() => undefined} onLogout={() => undefined} />
        <OverviewScreen />
      </>,
    );
    await checklist();
    expect(screen.getByRole('button', { name: 'Download QR' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/p/jane`);
    expect(await screen.findByText('Profile URL copied to clipboard')).toBeInTheDocument();
    // All five steps are done: the list goes.
    expect(screen.queryByRole('heading', { name: 'Get your card ready' })).toBeNull();
    expect(within(document.body).queryByText(/of 5 done/)).toBeNull();
  });
});

/**
 * The whole app with two cards of one account: the first has the account's id, as every account's
 * first card does (docs/decisions/0091-cards-apart-from-accounts.md), and the user answer names the
 * account whichever card is in view. Neither card has done a step of the checklist yet.
 */
async function openTwoCards(url: string, overrides: { contact_exchange?: boolean } = {}) {
  const jane = aUser({ id: 'u1', name: 'Jane Doe', username: 'jane', ...overrides });
  const work = aUser({ id: 'u1', name: 'Jane at Work', username: 'jane-work', ...overrides });
  window.history.pushState({}, '', url);
  holdSession('access-1', 'refresh-1');
  server.use(
    ...cardsAre([aCard(), aCard({ id: 'c2', username: 'jane-work', name: 'Jane at Work', is_primary: false })]),
    http.get('/v1/user/profile', () => userAnswer(jane)),
    http.get('/v1/cards/u1/profile', () => userAnswer(jane)),
    http.get('/v1/cards/c2/profile', () => userAnswer(work)),
    http.get('/v1/user/links', () => linksAnswer([])),
    http.get('/v1/cards/:id/links', () => linksAnswer([])),
    http.get('/v1/user/stats', () => statsAnswer(aStats())),
    http.get('/v1/cards/:id/stats', () => statsAnswer(aStats())),
  );
  const user = await renderApp();
  return user;
}

/** The header names this card as the one in view. */
const inView = (username: string) =>
  screen.findByRole('button', { name: new RegExp(`@${username}: switch card$`) }, { timeout: 10_000 });

async function switchTo(user: ReturnType<typeof userEvent.setup>, from: string, to: RegExp) {
  await user.click(await inView(from));
  await user.click(
    within(await screen.findByRole('menu', { name: 'Your cards' })).getByRole('menuitemradio', { name: to }),
  );
}

describe("each card's own checklist", { timeout: 20_000 }, () => {
  const openApp = (url: string) => openTwoCards(url);

  /** The checklist of the card the header names, once it shows. */
  async function checklistOf(username: string) {
    await inView(username);
    await checklist();
  }

  it("sharing one card marks its step and not the other card's", async () => {
    const user = await openApp('/dashboard?card=c2');
    await checklistOf('jane-work');
    expect(step(/Share your card \(to do\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/p/jane-work`);
    expect(await screen.findByRole('link', { name: /Share your card \(done\)/ })).toBeInTheDocument();
    expect(screen.getByText('1 of 5 done')).toBeInTheDocument();

    await switchTo(user, 'jane-work', /Jane Doe/);
    await waitFor(() => expect(window.location.search).toBe('?card=u1'));
    await checklistOf('jane');
    expect(step(/Share your card \(to do\)/)).toBeInTheDocument();
    expect(screen.getByText('0 of 5 done')).toBeInTheDocument();
  });

  it("putting one card's list away leaves the other card's shown", async () => {
    const user = await openApp('/dashboard?card=c2');
    await checklistOf('jane-work');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('heading', { name: 'Get your card ready' })).toBeNull();

    await switchTo(user, 'jane-work', /Jane Doe/);
    await checklistOf('jane');
    expect(screen.getByText('0 of 5 done')).toBeInTheDocument();
  });

  it("what an owner's browser kept per account still counts for the first card, and only for it", async () => {
    // As the dashboard wrote them before an account held several cards: under the account's id.
    localStorage.setItem('first-run:shared:u1', 'true');
    const user = await openApp('/dashboard');
    await checklistOf('jane');
    expect(step(/Share your card \(done\)/)).toBeInTheDocument();

    await switchTo(user, 'jane', /Jane at Work/);
    await checklistOf('jane-work');
    expect(step(/Share your card \(to do\)/)).toBeInTheDocument();
  });

  it('a list put away per account stays away on the first card, not on the second', async () => {
    localStorage.setItem('first-run:dismissed:u1', 'true');
    const user = await openApp('/dashboard');
    await screen.findByRole('list', { name: 'Your cards' }, { timeout: 10_000 });
    await screen.findByRole('heading', { name: 'Welcome, Jane!' });
    expect(screen.queryByRole('heading', { name: 'Get your card ready' })).toBeNull();

    await switchTo(user, 'jane', /Jane at Work/);
    await checklistOf('jane-work');
  });
});

describe('every way of sharing from the dashboard marks the card in view', { timeout: 20_000 }, () => {
  const work = aUser({ id: 'u1', name: 'Jane at Work', username: 'jane-work' });
  const ways = [
    { where: "Profile's Copy URL", button: 'Copy URL', ui: <ShareActions username="jane-work" /> },
    {
      where: "Share's copy buttons",
      button: 'Copy the card link',
      ui: <CopyButton text="https://card.test/p/jane-work" label="Copy the card link" toastText="Copied" />,
    },
    { where: "the empty Statistics' Copy link", button: 'Copy link', ui: <StatsScreen /> },
  ];

  for (const { where, button, ui } of ways)
    it(where, async () => {
      const user = userEvent.setup();
      // The second card in view (lib/card-in-view.ts reads the address); each card answers as itself.
      window.history.pushState({}, '', '/dashboard?card=c2');
      server.use(
        http.get('/v1/cards/c2/profile', () => userAnswer(work)),
        http.get('/v1/cards/:id/links', () => linksAnswer([])),
        http.get('/v1/cards/:id/stats', () => statsAnswer(aStats())),
        http.get('/v1/cards/u1/profile', () => userAnswer(aUser())),
      );
      const second = renderScreen(
        <>
          {ui}
          <OverviewScreen />
        </>,
      );
      await checklist();
      await user.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByRole('link', { name: /Share your card \(done\)/ })).toBeInTheDocument();
      second.unmount();

      window.history.pushState({}, '', '/dashboard?card=u1');
      renderScreen(<OverviewScreen />);
      await checklist();
      expect(step(/Share your card \(to do\)/)).toBeInTheDocument();
    });
});

describe('new contacts on the overview', () => {
  const contact = (id: string, at: string): Contact => ({
    id,
    name: `Visitor ${id}`,
    email: `${id}@example.com`,
    phone: '',
    company: '',
    note: '',
    created_at: at,
  });
  const owner = aUser({ contact_exchange: true });

  it('counts the contacts that arrived since Contacts was last opened', async () => {
    localStorage.setItem(`contacts:seen:${owner.id}`, String(Date.parse('2026-03-01T00:00:00Z')));
    serve(owner, [link], 1, [
      contact('c', '2026-03-03T10:00:00Z'),
      contact('b', '2026-03-02T10:00:00Z'),
      contact('a', '2026-02-20T10:00:00Z'),
    ]);
    renderScreen(<OverviewScreen />);
    expect(await screen.findByText('2 new contacts since your last visit')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Contacts' })).toHaveAttribute('href', '/dashboard/contacts');
  });

  it('says nothing when none is new', async () => {
    localStorage.setItem(`contacts:seen:${owner.id}`, String(Date.parse('2026-04-01T00:00:00Z')));
    serve(owner, [link], 1, [contact('a', '2026-03-02T10:00:00Z')]);
    const first = renderScreen(<OverviewScreen />);
    await screen.findByRole('heading', { name: 'Welcome back, Jane!' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/since your last visit/)).toBeNull();
    first.unmount();
  });

  describe('per card', { timeout: 20_000 }, () => {
    // Each card's own contacts: the first card's at both its addresses, the second's at its own.
    const serveContacts = (first: Contact[], second: Contact[]) =>
      server.use(
        http.get('/v1/user/contacts', () => contactsAnswer(first)),
        http.get('/v1/cards/u1/contacts', () => contactsAnswer(first)),
        http.get('/v1/cards/c2/contacts', () => contactsAnswer(second)),
      );
    const newOnes = (count: number) =>
      screen.findByText(`${count} new contact${count === 1 ? '' : 's'} since your last visit`, {}, { timeout: 10_000 });

    it("seeing one card's contacts leaves the other card's new ones new", async () => {
      serveContacts(
        [contact('a', '2026-03-02T10:00:00Z')],
        [contact('c', '2026-03-04T10:00:00Z'), contact('b', '2026-03-03T10:00:00Z')],
      );
      const user = await openTwoCards('/dashboard?card=c2', { contact_exchange: true });
      await inView('jane-work');
      expect(await newOnes(2)).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Open Contacts' }));
      expect(await screen.findByText('Visitor b')).toBeInTheDocument();
      await user.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
      await screen.findByRole('heading', { name: 'Welcome, Jane!' });
      expect(window.location.search).toBe('?card=c2');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.queryByText(/since your last visit/)).toBeNull();

      await switchTo(user, 'jane-work', /Jane Doe/);
      await inView('jane');
      expect(await newOnes(1)).toBeInTheDocument();
    });

    it("what an owner's browser kept per account still counts for the first card, and only for it", async () => {
      // As the dashboard wrote it before an account held several cards: under the account's id.
      localStorage.setItem('contacts:seen:u1', String(Date.parse('2026-03-02T12:00:00Z')));
      serveContacts(
        [contact('d', '2026-03-03T10:00:00Z'), contact('a', '2026-03-01T10:00:00Z')],
        [contact('c', '2026-03-03T10:00:00Z'), contact('b', '2026-03-01T10:00:00Z')],
      );
      const user = await openTwoCards('/dashboard', { contact_exchange: true });
      await inView('jane');
      expect(await newOnes(1)).toBeInTheDocument();

      await switchTo(user, 'jane', /Jane at Work/);
      await inView('jane-work');
      expect(await newOnes(2)).toBeInTheDocument();
    });
  });

  it('says nothing when visitors cannot share theirs', async () => {
    serve(aUser({ contact_exchange: false }), [link], 1, [contact('a', '2026-03-02T10:00:00Z')]);
    renderScreen(<OverviewScreen />);
    await screen.findByRole('heading', { name: 'Welcome back, Jane!' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/since your last visit/)).toBeNull();
  });
});
