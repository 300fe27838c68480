import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Link, User } from '@shared/types';
import { OverviewScreen } from '@/features/dashboard/components/overview-screen';
import { DashboardHeader } from '@/features/shell/components/dashboard-header';
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

function serve(user: User, links: Link[], views = 0) {
  server.use(profileIs(user), ...linksAre(links), statsAre(aStats({ profile_views: views })));
}

const checklist = () => screen.findByRole('heading', { name: 'Get your card ready' });
const step = (name: RegExp) => screen.getByRole('link', { name });

describe('the first-run checklist', () => {
  it('welcomes a newcomer with four steps, none done, each leading where it is done', async () => {
    serve(aUser({ theme_id: 1, theme: aTheme({ is_default: true }) }), []);
    renderScreen(<OverviewScreen />);
    expect(await screen.findByRole('heading', { name: 'Welcome, Jane!' })).toBeInTheDocument();
    await checklist();
    expect(screen.getByText('0 of 4 done')).toBeInTheDocument();
    expect(step(/Add a photo \(to do\)/)).toHaveAttribute('href', '/dashboard/profile');
    expect(step(/Add your first link \(to do\)/)).toHaveAttribute('href', '/dashboard/links');
    expect(step(/Choose a theme \(to do\)/)).toHaveAttribute('href', '/dashboard/themes');
    expect(step(/Share your card \(to do\)/)).toHaveAttribute('href', '/dashboard/share');
  });

  it('tracks real progress: a photo, a link and a theme of their own', async () => {
    serve(
      aUser({
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
    expect(screen.getByText('3 of 4 done')).toBeInTheDocument();
    expect(step(/Add a photo \(done\)/)).toBeInTheDocument();
    expect(step(/Add your first link \(done\)/)).toBeInTheDocument();
    expect(step(/Choose a theme \(done\)/)).toBeInTheDocument();
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
    // All four steps are done: the list goes.
    expect(screen.queryByRole('heading', { name: 'Get your card ready' })).toBeNull();
    expect(within(document.body).queryByText(/of 4 done/)).toBeNull();
  });
});
