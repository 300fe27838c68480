import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '@shared/types';
import { Component as PublicProfileRoute } from '@/app/routes/public-profile';
import { json, renderRoutes, stubFetch } from './helpers';

const profile: PublicProfile = {
  name: 'Ada Lovelace',
  username: 'ada',
  bio: 'Engineer <b>and</b> speaker',
  avatar_url: null,
  avatar: null,
  cover_image_url: null,
  links: [
    {
      id: 7,
      title: 'GitHub',
      url: 'https://github.com/ada',
      icon: '/icons/github.svg',
      display_order: 0,
      is_active: true,
    },
    { id: 8, title: 'Sneaky', url: 'javascript:alert(1)', icon: '', display_order: 1, is_active: true },
  ],
  custom_theme: null,
  theme: null,
  template: {
    id: 1,
    name: 'Classic',
    description: '',
    thumbnail_url: '',
    thumbnail: '',
    config: { layout: 'single-column', showAvatar: true, avatarPosition: 'center' },
  },
};

const routes = [
  { path: '/p/:username', Component: PublicProfileRoute },
  { path: '/', element: <p>Home page</p> },
];
const profileCalls = (calls: { path: string }[]) => calls.filter((call) => call.path === '/v1/p/ada').length;

describe('the SPA route /p/{username}', () => {
  it("shows 'Loading profile...' and then the card, its links and the footer", async () => {
    stubFetch(({ path }) => (path === '/v1/p/ada' ? json({ success: true, data: profile }) : json({}, 204)));
    renderRoutes(routes, '/p/ada');
    expect(screen.getByText('Loading profile...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('@ada')).toBeInTheDocument();
    expect(screen.getByText('Engineer <b>and</b> speaker')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'GitHub' });
    expect(link).toHaveAttribute('href', 'https://github.com/ada');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('Sneaky')).not.toBeInTheDocument();
    expect(screen.getByText(/Powered by/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share options' })).toBeInTheDocument();
  });

  it('reports a click with the link id', async () => {
    const calls = stubFetch(({ path }) =>
      path === '/v1/p/ada' ? json({ success: true, data: profile }) : new Response(null, { status: 204 }),
    );
    const { user } = renderRoutes(routes, '/p/ada');
    await user.click(await screen.findByRole('link', { name: 'GitHub' }));
    expect(calls.map((call) => call.path)).toContain('/v1/link/7/click');
  });

  it("shows 'No links available' for a card without links", async () => {
    stubFetch(() => json({ success: true, data: { ...profile, links: [] } }));
    renderRoutes(routes, '/p/ada');
    expect(await screen.findByText('No links available')).toBeInTheDocument();
  });

  it('shows the private screen at once on 403, without retrying', async () => {
    const calls = stubFetch(() => json({ success: false, message: 'This profile is private' }, 403));
    renderRoutes(routes, '/p/ada');
    expect(await screen.findByRole('heading', { name: 'Private Profile' })).toBeInTheDocument();
    expect(screen.getByText('@ada has set their profile to private.')).toBeInTheDocument();
    expect(screen.getByText('Only authorized users can view this digital card.')).toBeInTheDocument();
    expect(profileCalls(calls)).toBe(1);
  });

  it('shows the 404 screen with the path, Go to Homepage and Go Back on 404, without retrying', async () => {
    const calls = stubFetch(() => json({ success: false, message: 'Profile not found' }, 404));
    const { user } = renderRoutes(routes, '/p/ada');
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The profile you're looking for doesn't exist or has been moved.")).toBeInTheDocument();
    expect(screen.getByText('/p/ada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(profileCalls(calls)).toBe(1);
    await user.click(screen.getByRole('link', { name: 'Go to Homepage' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('retries a network failure 3 times, then offers Try Again and Go Home with the Connection Issue badge', async () => {
    let online = false;
    const calls = stubFetch(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return json({ success: true, data: profile });
    });
    const { user } = renderRoutes(routes, '/p/ada');
    const heading = await screen.findByRole('heading', { name: 'Network Error' }, { timeout: 8000 });
    expect(profileCalls(calls)).toBe(4);
    const main = heading.closest('main') as HTMLElement;
    expect(within(main).getByText("Couldn't load @ada's profile")).toBeInTheDocument();
    expect(
      within(main).getByText(
        "We're having trouble connecting to our servers. Please check your internet connection and try again.",
      ),
    ).toBeInTheDocument();
    expect(within(main).getByText('Connection Issue')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    online = true;
    await user.click(within(main).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument());
  }, 15000);
});
