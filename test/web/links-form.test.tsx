import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Link } from '@shared/types';
import { LinksScreen } from '@/features/links/components/links-screen';
import { buildUrl, detectPlatform } from '@/features/links/lib/link-form';
import { http } from 'msw';
import { networkFailure, noBody } from './api/answer';
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
const linkField = () => screen.getByLabelText<HTMLInputElement>('Link');
const platform = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Platform' });
type User = ReturnType<typeof userEvent.setup>;

/** The card drawn in the live preview beside the form (a shadow root, as on the card's page). */
const previewText = () =>
  screen.getByRole('complementary', { name: 'Live preview' }).querySelector('[role="img"]')?.shadowRoot?.textContent ??
  '';

/** Drag and drop arrives once the list is idle and draws the rows anew: a row's button is used after it. */
const sortableReady = () =>
  waitFor(() =>
    expect(screen.getAllByRole('button', { name: /^Reorder / })[0]).toHaveAttribute('aria-roledescription', 'sortable'),
  );

/** 'New Link' opens the form in place (no dialog over the preview), with the focus on its Link field. */
async function openNew(user: User) {
  await user.click(await screen.findByRole('button', { name: 'New Link' }));
  const form = await screen.findByRole('region', { name: 'Add New Link' });
  await waitFor(() => expect(linkField()).toHaveFocus());
  expect(screen.queryByRole('dialog')).toBeNull();
  return form;
}

/** A row's Edit opens the form in place, once drag and drop has drawn the rows. */
async function openEdit(user: User, name: string) {
  await sortableReady();
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('region', { name: 'Edit Link' });
}

/** Searches the platform picker by name and chooses the first match with Enter. */
async function choosePlatform(user: User, name: string) {
  await user.click(platform());
  await user.keyboard(name);
  await user.keyboard('{Enter}');
  expect(platform().value).toBe(name);
}

describe('Manage Links', () => {
  it('lists links by display order with the Inactive badge, whole titles and readable URLs, the form closed', async () => {
    renderScreen(<LinksScreen />);
    expect(await screen.findByText('Add and manage your links to social media and websites')).toBeInTheDocument();
    // Every link at once: no page size (docs/product.md §9).
    expect(calls.map((call) => call.path)).toContain('/v1/user/links?all=true');
    const items = within(await screen.findByRole('list', { name: 'Your Links' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/Blog|My LinkedIn/).textContent)).toEqual([
      'Blog',
      'My LinkedIn',
    ]);
    expect(within(items[0]!).getByText('Inactive')).toBeTruthy();
    // The phone's line is shortened in the middle, the wider screen's shows it all, neither with the scheme.
    expect(within(items[1]!).getAllByText('linkedin.com/in/jane-doe')).toHaveLength(2);
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(screen.queryByLabelText('Display order')).toBeNull();
    // Nothing unsaved: the preview's caption does not claim otherwise.
    expect(screen.getByText('Your card as visitors see it')).toBeInTheDocument();
  });

  it('adds a link from a pasted address alone: platform, icon, handle and title fill themselves in', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    expect(platform().value).toBe('Custom');
    await user.paste('https://www.youtube.com/@AdaLovelace?si=x1');
    expect(platform().value).toBe('YouTube');
    // The field now is YouTube's own, holding the handle.
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('AdaLovelace');
    expect(title().value).toBe('YouTube');
    expect(screen.getByText(/^Recognised YouTube/)).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('generated-url').textContent).toBe('https://www.youtube.com/@AdaLovelace');
    expect(screen.getByTestId('generated-url').previousElementSibling).toHaveTextContent('Generated URL');
    // The preview shows the new link before it is saved (a channel: an icon of the social row,
    // named for a screen reader), and says it shows unsaved changes.
    const shadow = screen
      .getByRole('complementary', { name: 'Live preview' })
      .querySelector('[role="img"]')?.shadowRoot;
    expect(shadow?.querySelector('.social [aria-label="YouTube"]')).not.toBeNull();
    expect(screen.getByText('Your card as visitors see it, with your unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    await screen.findByText('Link created successfully');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'YouTube',
      url: 'https://www.youtube.com/@AdaLovelace',
      icon: '/icons/youtube.svg',
      display_order: 2,
      is_active: true,
      // A YouTube channel starts as an icon of the social row.
      display: 'icon',
      thumbnail_url: null,
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Add New Link' })).toBeNull());
    // Focus goes back to the button that opened the form.
    expect(screen.getByRole('button', { name: 'New Link' })).toHaveFocus();
    // The next link's form takes the news away: on a phone it sat over the form's buttons.
    expect(screen.getByText('Link created successfully')).toBeInTheDocument();
    await openNew(user);
    // Gone at once (Sonner's leaving animation), seconds before the toast's own time is up.
    await waitFor(() => expect(screen.queryByText('Link created successfully')).toBeNull(), { timeout: 400 });
    expect(screen.getByRole('button', { name: 'Add Link' })).toBeVisible();
  });

  // A bad phone network: the list's refetch after a save hangs for seconds or fails. The link is
  // saved by then, so the form says so at once and the list shows it, the others kept.
  it.each([
    ['hangs', () => new Promise<never>(() => {})],
    ['fails with a proxy 502', () => noBody(502)],
  ])('a saved link is listed at once when the refetch after it %s', async (_, refetch) => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await screen.findByRole('list', { name: 'Your Links' });
    server.use(http.get('/v1/user/links', refetch));
    await openNew(user);
    await user.paste('https://www.youtube.com/@AdaLovelace');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Link created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Add New Link' })).toBeNull());
    const list = () => within(screen.getByRole('list', { name: 'Your Links' }));
    await waitFor(() => expect(list().getByText('YouTube')).toBeInTheDocument());
    expect(list().getByText('My LinkedIn')).toBeInTheDocument();
    expect(screen.queryByText(/Error loading links/)).toBeNull();
  });

  // A phone that knows it is offline (navigator.onLine false): the save is not held back with
  // 'Saving...' until the signal returns; it fails with the documented words, the form kept.
  it("offline, Add Link says 'Failed to create link. Please try again.' and keeps the form", async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await screen.findByRole('list', { name: 'Your Links' });
    await openNew(user);
    await user.paste('https://www.youtube.com/@AdaLovelace');
    onlineManager.setOnline(false);
    try {
      server.use(http.post('/v1/user/links', () => networkFailure()));
      await user.click(screen.getByRole('button', { name: 'Add Link' }));
      expect(await screen.findByText('Failed to create link. Please try again.')).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
    expect(screen.getByRole('button', { name: 'Add Link' })).toBeEnabled();
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('AdaLovelace');
    server.use(...linksAre(stored));
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Link created successfully')).toBeInTheDocument();
  });

  it('keeps a title the person typed when the address changes, and fills an empty one when saving', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await user.type(title(), 'Say hello');
    await user.click(linkField());
    await user.paste('ada@example.com');
    expect(platform().value).toBe('Email');
    expect(title().value).toBe('Say hello');
    const email = screen.getByLabelText<HTMLInputElement>('Email address');
    // The phone shows its e-mail keyboard.
    expect(email.type).toBe('email');
    expect(email.inputMode).toBe('email');
    await user.clear(title());
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    await screen.findByText('Link created successfully');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      title: 'Email',
      url: 'mailto:ada@example.com',
      icon: '/icons/email.svg',
    });
  });

  it('names the field and brings the keyboard of each platform', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    expect(linkField().inputMode).toBe('url');
    await choosePlatform(user, 'WhatsApp');
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').type).toBe('tel');
    await choosePlatform(user, 'Website');
    expect(screen.getByLabelText<HTMLInputElement>('Website address').inputMode).toBe('url');
    await choosePlatform(user, 'GitHub');
    expect(screen.getByLabelText<HTMLInputElement>('Username').inputMode).toBe('text');
    await choosePlatform(user, 'Discord');
    expect(screen.getByLabelText('Username or ID')).toBeInTheDocument();
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

    // Nothing found says so; Escape closes the list, keeps the choice, and the form stays open.
    await user.click(platform());
    await user.keyboard('zzzz');
    expect(screen.getByText('No platform matches “zzzz”')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(platform().value).toBe(second);
    expect(screen.getByRole('region', { name: 'Add New Link' })).toBeInTheDocument();

    // A click on an option chooses it too.
    await user.click(platform());
    await user.keyboard('insta');
    await user.click(screen.getByRole('option', { name: 'Instagram' }));
    expect(platform().value).toBe('Instagram');
  });

  it('keeps a pasted URL of no known platform as a custom link titled by its host', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await user.paste('https://jane.example.com/posts');
    expect(platform().value).toBe('Custom');
    expect(linkField().value).toBe('https://jane.example.com/posts');
    expect(title().value).toBe('jane.example.com');
    // The form's own line (the list's 'Loading links' status may still be there on a busy machine).
    expect(within(linkField().closest('form')!).getByRole('status')).toHaveTextContent('');
  });

  it("keeps a look-alike of a platform's host a custom link, titled by its host, with the custom icon", async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await user.paste('https://evil-github.com/octocat');
    expect(platform().value).toBe('Custom');
    expect(linkField().value).toBe('https://evil-github.com/octocat');
    expect(title().value).toBe('evil-github.com');
    expect(screen.queryByText(/^Recognised/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    await screen.findByText('Link created successfully');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'evil-github.com',
      url: 'https://evil-github.com/octocat',
      icon: '/icons/custom.svg',
      display_order: 2,
      is_active: true,
      thumbnail_url: null,
    });
  });

  it('reduces a pasted full URL to the username', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await choosePlatform(user, 'Instagram');
    const username = screen.getByLabelText<HTMLInputElement>('Username');
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
    await user.type(screen.getByLabelText('Username'), '@gracehopper');
    expect(screen.getByTestId('generated-url').textContent).toBe('https://www.youtube.com/@gracehopper');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    await screen.findByText('Link created successfully');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      title: 'YouTube',
      url: 'https://www.youtube.com/@gracehopper',
    });

    await openNew(user);
    await choosePlatform(user, 'WhatsApp');
    await user.type(screen.getByLabelText('Phone number'), '+1 (555) 010-2030');
    expect(screen.getByTestId('generated-url').textContent).toBe('https://wa.me/15550102030');
  });

  it('asks only for the link itself', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Username or identifier is required')).toBeTruthy();
    expect(screen.queryByText('Title is required')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('edits a link in place: the preview follows the title as it is typed, then Update Link saves', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openEdit(user, 'My LinkedIn');
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
    expect(platform().value).toBe('LinkedIn');
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('jane-doe');
    expect(title().value).toBe('My LinkedIn');

    await user.clear(title());
    await user.type(title(), 'Hire me');
    expect(previewText()).toContain('Hire me');
    expect(previewText()).not.toContain('My LinkedIn');
    await user.click(screen.getByRole('button', { name: 'Update Link' }));
    await screen.findByText('Link updated successfully');
    // Only the title: the link's place, visibility, address and icon as this form opened them may
    // be stale by now (moved or hidden in another tab), and sending them back would undo that.
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ title: 'Hire me' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Edit Link' })).toBeNull());
    // Focus goes back to the row's Edit button, which names the link as saved.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Hire me' })).toHaveFocus());
  });

  it('cancel (or Escape) closes the form, says Editing cancelled and puts the preview back', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openEdit(user, 'Blog');
    expect(platform().value).toBe('Custom');
    expect(linkField().value).toBe('https://jane.example.com/posts');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Editing cancelled')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Edit Link' })).toBeNull();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Edit My LinkedIn' }));
    await screen.findByRole('region', { name: 'Edit Link' });
    await user.clear(title());
    await user.type(title(), 'Draft');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Edit Link' })).toBeNull());
    expect(previewText()).toContain('My LinkedIn');
    expect(screen.getByRole('button', { name: 'Edit My LinkedIn' })).toHaveFocus();
  });

  it('editing a link deleted meanwhile in another tab says so and drops its row', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openEdit(user, 'Blog');
    // The other tab deletes Blog: the Worker now answers 404 for it and lists only LinkedIn.
    server.use(...linksAre(stored.filter((link) => link.id !== 3)));
    await user.type(title(), ' posts');
    await user.click(screen.getByRole('button', { name: 'Update Link' }));
    expect(await screen.findByText('Link not found')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Blog' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Edit My LinkedIn' })).toBeTruthy();
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

  it("with no links yet says so, and 'Add Your First Link' opens the form", async () => {
    server.use(...linksAre([]));
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    expect(await screen.findByText("You don't have any links yet")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Your First Link' }));
    expect(await screen.findByRole('region', { name: 'Add New Link' })).toBeInTheDocument();
  });

  it("says 'Saving...' on its button and 'Creating link...' or 'Updating link...' while the save is on its way", async () => {
    let answerSave = () => {};
    const held = () => new Promise<void>((resolve) => (answerSave = resolve));
    let hold = held();
    // Each save waits for answerSave, then the links API above answers it.
    server.use(
      http.post('/v1/user/links', async () => void (await hold)),
      http.put('/v1/user/links/:id', async () => void (await hold)),
    );
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await user.paste('https://www.youtube.com/@AdaLovelace');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByText('Creating link...')).toBeInTheDocument();
    answerSave();
    expect(await screen.findByText('Link created successfully')).toBeInTheDocument();
    expect(screen.queryByText('Creating link...')).toBeNull();

    hold = held();
    await openEdit(user, 'My LinkedIn');
    await user.type(title(), '!');
    await user.click(screen.getByRole('button', { name: 'Update Link' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByText('Updating link...')).toBeInTheDocument();
    answerSave();
    expect(await screen.findByText('Link updated successfully')).toBeInTheDocument();
    expect(screen.queryByText('Updating link...')).toBeNull();
  });

  it('a save that ends after another link’s Edit was tapped leaves that form open', async () => {
    let answerSave = () => {};
    const hold = new Promise<void>((resolve) => (answerSave = resolve));
    server.use(http.post('/v1/user/links', async () => void (await hold)));
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await openNew(user);
    await user.paste('https://www.youtube.com/@AdaLovelace');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    expect(await screen.findByText('Creating link...')).toBeInTheDocument();
    // Edit tapped while Add Link is on its way; then the new link is saved.
    const form = await openEdit(user, 'My LinkedIn');
    answerSave();
    expect(await screen.findByText('Link created successfully')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Edit Link' })).toBe(form);
    expect(title()).toHaveValue('My LinkedIn');
  });

  it('draws an icon that is an http(s) address or on this site, else the default one, and a placeholder when it fails', async () => {
    server.use(
      ...linksAre([
        aLink({
          id: 1,
          title: 'Site',
          url: 'https://a.example',
          icon: 'https://cdn.example/a.svg',
          display_order: 0,
          is_active: true,
        }),
        aLink({
          id: 2,
          title: 'Ours',
          url: 'https://b.example',
          icon: '/icons/github.svg',
          display_order: 1,
          is_active: true,
        }),
        aLink({
          id: 3,
          title: 'Odd',
          url: 'https://c.example',
          icon: 'javascript:alert(1)',
          display_order: 2,
          is_active: true,
        }),
      ]),
    );
    renderScreen(<LinksScreen />);
    const rows = within(await screen.findByRole('list', { name: 'Your Links' })).getAllByRole('listitem');
    const icon = (row: number) => rows[row]!.querySelector('img');
    expect(rows.map((_, row) => icon(row)?.getAttribute('src'))).toEqual([
      'https://cdn.example/a.svg',
      '/icons/github.svg',
      '/icons/default.svg',
    ]);
    fireEvent.error(icon(0)!);
    await waitFor(() => expect(icon(0)).toHaveAttribute('src', '/icons/default.svg'));
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
    // A stored link on a look-alike host opens as the custom link it is, never as the platform's.
    for (const url of [
      'https://evil-github.com/octocat',
      'https://github.com.evil.example/octocat',
      'https://evil.example/.tumblr.com',
      'https://evil.example/?.substack.com',
      'https://ada@evil.example#.bandcamp.com',
    ])
      expect(detectPlatform({ url, icon: '/icons/custom.svg' }), url).toEqual({ platformId: 'custom', username: url });
    expect(detectPlatform({ url: 'https://ada.tumblr.com/', icon: '' })).toEqual({
      platformId: 'tumblr',
      username: 'ada',
    });
    expect(buildUrl('custom', 'example.com/me')).toBe('https://example.com/me');
    expect(buildUrl('phone', '+123')).toBe('tel:+123');
  });
});
