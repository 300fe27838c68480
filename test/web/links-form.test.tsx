import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Link } from '@shared/types';
import { LinksScreen } from '@/features/links/components/links-screen';
import { buildUrl, detectPlatform } from '@/features/links/lib/link-form';
import { aLink } from './fixtures';
import { renderScreen, stubFetch, type Call } from './helpers';

const stored: Link[] = [
  aLink({
    id: 7,
    title: 'My LinkedIn',
    url: 'https://www.linkedin.com/in/jane-doe',
    icon: '/icons/linkedin.svg',
    display_order: 1,
    is_active: true,
  }),
  aLink({ id: 3, title: 'Blog', url: 'https://jane.example.com/posts', icon: '', display_order: 0, is_active: false }),
];

let calls: Call[];
beforeEach(() => {
  calls = stubFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/v1/user/links?all=true') return { body: { success: true, data: stored } };
    if (method === 'POST' && path === '/v1/user/links')
      return { status: 201, body: { success: true, link: { id: 9, ...(body as object) } } };
    if (method === 'PUT' && path === '/v1/user/links/7')
      return { body: { success: true, link: { id: 7, ...(body as object) } } };
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const title = () => screen.getByLabelText<HTMLInputElement>('Title');
const platform = () => screen.getByLabelText<HTMLSelectElement>('Platform');

describe('Manage Links form', () => {
  it('lists links by display order with the Inactive badge', async () => {
    renderScreen(<LinksScreen />);
    const items = within(await screen.findByRole('list', { name: 'Your Links' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/Blog|My LinkedIn/).textContent)).toEqual([
      'Blog',
      'My LinkedIn',
    ]);
    expect(within(items[0]!).getByText('Inactive')).toBeTruthy();
    expect(within(items[1]!).getByText('https://www.linkedin.com/in/ja...')).toBeTruthy();
  });

  it('choosing a platform sets the icon and builds the URL from the username', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await screen.findByRole('heading', { name: 'Add New Link' });
    expect(screen.getByLabelText('URL')).toBeTruthy();

    await user.selectOptions(platform(), 'github');
    expect(screen.queryByLabelText('Icon')).toBeNull();
    expect(screen.getByText('The icon follows the platform')).toBeInTheDocument();
    await user.type(title(), 'Code');
    await user.type(screen.getByLabelText('Username / ID'), 'octocat');
    expect(screen.getByTestId('generated-url').textContent).toBe('https://github.com/octocat');

    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    await screen.findByText('Link created successfully');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      title: 'Code',
      url: 'https://github.com/octocat',
      icon: '/icons/github.svg',
      display_order: 2,
      is_active: true,
    });
  });

  it('reduces a pasted full URL to the username', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await screen.findByRole('heading', { name: 'Add New Link' });
    await user.selectOptions(platform(), 'instagram');
    const username = screen.getByLabelText<HTMLInputElement>('Username / ID');
    await user.click(username);
    await user.paste('https://www.instagram.com/jane.doe/');
    expect(username.value).toBe('jane.doe');
    expect(screen.getByTestId('generated-url').textContent).toBe('https://instagram.com/jane.doe');
  });

  it("saves a handle typed with its '@' and a WhatsApp number as the services' links take them", async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await screen.findByRole('heading', { name: 'Add New Link' });
    await user.selectOptions(platform(), 'youtube');
    await user.type(title(), 'Videos');
    await user.type(screen.getByLabelText('Username / ID'), '@gracehopper');
    expect(screen.getByTestId('generated-url').textContent).toBe('https://www.youtube.com/@gracehopper');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    await screen.findByText('Link created successfully');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      url: 'https://www.youtube.com/@gracehopper',
    });

    await user.selectOptions(platform(), 'whatsapp');
    await user.type(screen.getByLabelText('Username / ID'), '+1 (555) 010-2030');
    expect(screen.getByTestId('generated-url').textContent).toBe('https://wa.me/15550102030');
  });

  it('shows the validation messages under their fields', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await user.click(await screen.findByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Username or identifier is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('edits a link with its platform detected, then saves with Update Link', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await user.click(await screen.findByRole('button', { name: 'Edit My LinkedIn' }));
    expect(screen.getByRole('heading', { name: 'Edit Link' })).toBeTruthy();
    expect(platform().value).toBe('linkedin');
    expect(screen.getByLabelText<HTMLInputElement>('Username / ID').value).toBe('jane-doe');
    expect(title().value).toBe('My LinkedIn');

    await user.clear(title());
    await user.type(title(), 'LinkedIn');
    await user.click(screen.getByRole('button', { name: 'Update Link' }));
    await screen.findByText('Link updated successfully');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      title: 'LinkedIn',
      url: 'https://www.linkedin.com/in/jane-doe',
      icon: '/icons/linkedin.svg',
      display_order: 1,
      is_active: true,
    });
    await screen.findByRole('heading', { name: 'Add New Link' });
  });

  it('cancel resets the form and says Editing cancelled', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await user.click(await screen.findByRole('button', { name: 'Edit Blog' }));
    expect(platform().value).toBe('custom');
    expect(screen.getByLabelText<HTMLInputElement>('URL').value).toBe('https://jane.example.com/posts');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Editing cancelled')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Add New Link' })).toBeTruthy();
    expect(title().value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Display order').value).toBe('2');
    expect(screen.queryByRole('button', { name: 'Update Link' })).toBeNull();
  });

  it('filters by title or url and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    const search = await screen.findByPlaceholderText('Search links...');
    await user.type(search, 'LINKEDIN.COM');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Your Links' })).getAllByRole('listitem')).toHaveLength(1),
    );
    await user.clear(search);
    await user.type(search, 'nothing here');
    expect(screen.getByText('No links match your search')).toBeTruthy();
  });
});

describe('URLs as each service documents them', () => {
  it("drops a handle's leading '@', keeps WhatsApp's digits only, and turns a Mastodon address into its URL", () => {
    expect(buildUrl('youtube', '@gracehopper')).toBe('https://www.youtube.com/@gracehopper');
    expect(buildUrl('tiktok', '@@grace')).toBe('https://www.tiktok.com/@grace');
    expect(buildUrl('twitter', ' @grace ')).toBe('https://x.com/grace');
    expect(buildUrl('telegram', '@grace')).toBe('https://t.me/grace');
    expect(buildUrl('bluesky', '@grace.bsky.social')).toBe('https://bsky.app/profile/grace.bsky.social');
    expect(buildUrl('whatsapp', '+1 555-010-2030')).toBe('https://wa.me/15550102030');
    expect(buildUrl('signal', '+15550102030')).toBe('https://signal.me/#p/+15550102030');
    expect(buildUrl('mastodon', '@grace@hachyderm.io')).toBe('https://hachyderm.io/@grace');
    expect(buildUrl('mastodon', 'mastodon.social/@grace')).toBe('https://mastodon.social/@grace');
  });
});

describe('platform detection', () => {
  it('matches the most specific template, and keeps unknown URLs as custom', () => {
    expect(detectPlatform({ url: 'mailto:jane@example.com', icon: '' })).toEqual({
      platformId: 'email',
      username: 'jane@example.com',
    });
    expect(detectPlatform({ url: 'http://github.com/octocat/', icon: '' })).toEqual({
      platformId: 'github',
      username: 'octocat',
    });
    expect(detectPlatform({ url: 'https://jane.example.com', icon: '' })).toEqual({
      platformId: 'custom',
      username: 'https://jane.example.com',
    });
    expect(detectPlatform({ url: 'https://mastodon.social/@jane', icon: '/icons/mastodon.svg' })).toEqual({
      platformId: 'mastodon',
      username: 'mastodon.social/@jane',
    });
    expect(buildUrl('custom', 'example.com/me')).toBe('https://example.com/me');
    expect(buildUrl('phone', '+123')).toBe('tel:+123');
  });
});
