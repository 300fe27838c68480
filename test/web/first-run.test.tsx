import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Contact } from '@shared/schemas/contacts';
import type { Link, User } from '@shared/types';
import { OverviewScreen } from '@/features/dashboard/components/overview-screen';
import { DashboardHeader } from '@/features/shell/components/dashboard-header';
import { contactsAre } from './api/contacts';
import { linksAre } from './api/links';
import { profileIs } from './api/profile';
import { server } from './api/server';
import { statsAre } from './api/stats';
import { aLink, aStats, aTheme, aUser } from './fixtures';
import { renderScreen } from './helpers';

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

  it('says nothing when visitors cannot share theirs', async () => {
    serve(aUser({ contact_exchange: false }), [link], 1, [contact('a', '2026-03-02T10:00:00Z')]);
    renderScreen(<OverviewScreen />);
    await screen.findByRole('heading', { name: 'Welcome back, Jane!' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/since your last visit/)).toBeNull();
  });
});
