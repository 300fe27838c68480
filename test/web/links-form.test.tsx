import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Link } from '@shared/types';
import { LinksScreen } from '@/features/links/components/links-screen';
import { buildUrl, detectPlatform } from '@/features/links/lib/link-form';
import { linksAre } from './api/links';
import { calls, server } from './api/server';
import { aLink } from './fixtures';
import { renderScreen } from './helpers';

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

beforeEach(() => server.use(...linksAre(stored)));

const title = () => screen.getByLabelText<HTMLInputElement>('Title');
const platform = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Platform' });
type User = ReturnType<typeof userEvent.setup>;

/** 'New Link' opens the form in a dialog, with the focus on its Title. */
async function openNew(user: User) {
  await user.click(await screen.findByRole('button', { name: 'New Link' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Link' });
  await waitFor(() => expect(title()).toHaveFocus());
  return dialog;
}

/** Searches the platform picker by name and chooses the first match with Enter. */
async function choosePlatform(user: User, name: string) {
  await user.click(platform());
  await user.keyboard(name);
  await user.keyboard('{Enter}');
  expect(platform().value).toBe(name);
}

describe('Manage Links', () => {
  it('lists links by display order with the Inactive badge, the form closed', async () => {
    renderScreen(<LinksScreen />);
    const items = within(await screen.findByRole('list', { name: 'Your Links' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/Blog|My LinkedIn/).textContent)).toEqual([
      'Blog',
      'My LinkedIn',
    ]);
    expect(within(items[0]!).getByText('Inactive')).toBeTruthy();
    expect(within(items[1]!).getByText('https://www.linkedin.com/in/ja...')).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(screen.queryByLabelText('Display order')).toBeNull();
  });

  it('adds a link from the dialog: the platform sets the icon and builds the URL, the link goes last', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    expect(platform().value).toBe('Custom');
    expect(screen.getByLabelText('URL')).toBeTruthy();

    await choosePlatform(user, 'GitHub');
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
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Link' })).toBeNull());
    // Focus goes back to the button that opened the dialog.
    expect(screen.getByRole('button', { name: 'New Link' })).toHaveFocus();
  });

  it('the platform picker searches by name, groups by category and moves with the arrows', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await user.click(platform());
    const list = screen.getByRole('listbox', { name: 'Platforms' });
    expect(within(list).getByRole('group', { name: 'Programming' })).toBeInTheDocument();
    expect(within(list).getAllByRole('option').length).toBeGreaterThan(60);

    await user.keyboard('git');
    const names = within(list)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(expect.arrayContaining(['GitHub', 'GitLab']));
    expect(names.every((name) => name!.toLowerCase().includes('git'))).toBe(true);
    // Each option shows the platform's icon.
    expect(within(list).getAllByRole('option')[0]!.querySelector('img')?.getAttribute('src')).toMatch(/^\/icons\//);

    // The active option follows the arrows; Enter chooses it.
    const first = names[0]!;
    const second = names[1]!;
    expect(platform().getAttribute('aria-activedescendant')).toBe(within(list).getByRole('option', { name: first }).id);
    await user.keyboard('{ArrowDown}');
    expect(platform().getAttribute('aria-activedescendant')).toBe(
      within(list).getByRole('option', { name: second }).id,
    );
    await user.keyboard('{Enter}');
    expect(platform().value).toBe(second);
    expect(screen.queryByRole('listbox')).toBeNull();

    // Nothing found says so; Escape closes the list, keeps the choice, and the dialog stays open.
    await user.click(platform());
    await user.keyboard('zzzz');
    expect(screen.getByText('No platform matches “zzzz”')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(platform().value).toBe(second);
    expect(screen.getByRole('dialog', { name: 'Add New Link' })).toBeInTheDocument();

    // A click on an option chooses it too.
    await user.click(platform());
    await user.keyboard('insta');
    await user.click(screen.getByRole('option', { name: 'Instagram' }));
    expect(platform().value).toBe('Instagram');
  });

  it('recognises the platform of a URL pasted into Custom and fills in the handle', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await user.type(title(), 'Code');
    await user.click(screen.getByLabelText('URL'));
    await user.paste('https://github.com/octocat');
    expect(platform().value).toBe('GitHub');
    expect(screen.getByLabelText<HTMLInputElement>('Username / ID').value).toBe('octocat');
    expect(screen.getByRole('status')).toHaveTextContent('Recognised GitHub');
    expect(screen.getByTestId('generated-url').textContent).toBe('https://github.com/octocat');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    await screen.findByText('Link created successfully');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      url: 'https://github.com/octocat',
      icon: '/icons/github.svg',
    });
  });

  it('keeps a pasted URL of no known platform as a custom link', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await user.click(screen.getByLabelText('URL'));
    await user.paste('https://jane.example.com/posts');
    expect(platform().value).toBe('Custom');
    expect(screen.getByLabelText<HTMLInputElement>('URL').value).toBe('https://jane.example.com/posts');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('reduces a pasted full URL to the username', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await choosePlatform(user, 'Instagram');
    const username = screen.getByLabelText<HTMLInputElement>('Username / ID');
    await user.click(username);
    await user.paste('https://www.instagram.com/jane.doe/');
    expect(username.value).toBe('jane.doe');
    expect(screen.getByTestId('generated-url').textContent).toBe('https://instagram.com/jane.doe');
  });

  it("saves a handle typed with its '@' and a WhatsApp number as the services' links take them", async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await choosePlatform(user, 'YouTube');
    await user.type(title(), 'Videos');
    await user.type(screen.getByLabelText('Username / ID'), '@gracehopper');
    expect(screen.getByTestId('generated-url').textContent).toBe('https://www.youtube.com/@gracehopper');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    await screen.findByText('Link created successfully');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      url: 'https://www.youtube.com/@gracehopper',
    });

    await openNew(user);
    await choosePlatform(user, 'WhatsApp');
    await user.type(screen.getByLabelText('Username / ID'), '+1 (555) 010-2030');
    expect(screen.getByTestId('generated-url').textContent).toBe('https://wa.me/15550102030');
  });

  it('shows the validation messages under their fields', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Username or identifier is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('edits a link with its platform detected, then saves with Update Link', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await user.click(await screen.findByRole('button', { name: 'Edit My LinkedIn' }));
    await screen.findByRole('dialog', { name: 'Edit Link' });
    await waitFor(() => expect(title()).toHaveFocus());
    expect(platform().value).toBe('LinkedIn');
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
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Link' })).toBeNull());
    // Focus goes back to the row's Edit button, which names the link as saved.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit LinkedIn' })).toHaveFocus());
  });

  it('cancel closes the form and says Editing cancelled', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await user.click(await screen.findByRole('button', { name: 'Edit Blog' }));
    await screen.findByRole('dialog', { name: 'Edit Link' });
    expect(platform().value).toBe('Custom');
    expect(screen.getByLabelText<HTMLInputElement>('URL').value).toBe('https://jane.example.com/posts');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Editing cancelled')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
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
