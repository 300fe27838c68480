import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Link } from '@shared/types';
import { LinksScreen } from '@/features/links/components/links-screen';
import { failure } from './api/answer';
import { linksAnswer, linksAre } from './api/links';
import { calls, server } from './api/server';
import { aLink } from './fixtures';
import { renderScreen } from './helpers';

const links = (): Link[] =>
  ['GitHub', 'Blog', 'Mastodon'].map((title, i) =>
    aLink({
      id: i + 1,
      title,
      url: `https://example.com/${title.toLowerCase()}`,
      icon: '',
      display_order: i,
      is_active: true,
    }),
  );

// The DOM here has no layout: each row of a list is given a place, 60 px below the one before,
// so the keyboard's moves have somewhere to go, as in a browser.
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('li');
    const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
    const top = index * 60;
    return { top, bottom: top + 50, left: 0, right: 320, width: 320, height: 50, x: 0, y: top, toJSON: () => ({}) };
  });
});
afterEach(() => vi.restoreAllMocks());

const serve = () => server.use(...linksAre(links()));

const titles = () =>
  within(screen.getByRole('list', { name: 'Your Links' }))
    .getAllByRole('listitem')
    .map((row) => within(row).getAllByText(/GitHub|Blog|Mastodon/)[0]!.textContent);

/** Reaches for the handle (which loads drag and drop), then moves the link down one place. */
async function moveDownWithKeyboard(title: string) {
  renderScreen(<LinksScreen />);
  const first = await screen.findByRole('button', { name: `Reorder ${title}` });
  first.focus();
  await waitFor(() =>
    expect(screen.getByRole('button', { name: `Reorder ${title}` })).toHaveAttribute(
      'aria-roledescription',
      'sortable',
    ),
  );
  const handle = screen.getByRole('button', { name: `Reorder ${title}` });
  handle.focus();
  // Space picks the link up, the arrow moves it, Space drops it (dnd-kit reads the key's code).
  fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
  // Picked up: pressed, and said so (then where it is over, as it moves).
  await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
  fireEvent.keyDown(document.activeElement ?? handle, { key: 'ArrowDown', code: 'ArrowDown' });
  fireEvent.keyDown(document.activeElement ?? handle, { key: ' ', code: 'Space' });
}

describe('reordering links by drag and drop', () => {
  it('moves a link with the keyboard alone, announces each step and saves the new order', async () => {
    serve();
    await moveDownWithKeyboard('GitHub');
    expect(await screen.findByText('GitHub dropped at position 2 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Blog', 'GitHub', 'Mastodon']));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/v1/user/links/order', body: { ids: [2, 1, 3] } }),
    ]);
  });

  it('puts the links back, and says so, when the new order cannot be saved', async () => {
    serve();
    server.use(http.put('/v1/user/links/order', () => failure(500, 'Something went wrong. Please try again.')));
    await moveDownWithKeyboard('GitHub');
    expect(await screen.findByText('Failed to reorder links. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['GitHub', 'Blog', 'Mastodon']));
  });

  it('shows the links as stored when the order was refused as stale (a link added in another tab)', async () => {
    // This screen reads three links; then another tab adds a fourth, so its list is stale.
    const added = aLink({
      id: 4,
      title: 'Blog two',
      url: 'https://example.com/two',
      icon: '',
      display_order: 3,
      is_active: true,
    });
    server.use(...linksAre([...links(), added]));
    server.use(http.get('/v1/user/links', () => linksAnswer(links()), { once: true }));
    await moveDownWithKeyboard('GitHub');
    expect(await screen.findByText('Failed to reorder links. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['GitHub', 'Blog', 'Mastodon', 'Blog two']));
  });

  it('offers no handles while searching', async () => {
    const user = userEvent.setup();
    serve();
    renderScreen(<LinksScreen />);
    await screen.findByRole('button', { name: 'Reorder GitHub' });
    await user.type(screen.getByRole('searchbox', { name: 'Search links' }), 'blog');
    expect(screen.queryByRole('button', { name: /^Reorder/ })).toBeNull();
    expect(screen.getByText('Clear the search to reorder your links.')).toBeInTheDocument();
  });
});

describe("a row's Active switch and click count", () => {
  it('shows each link’s clicks and turns a link off at once, saving it', async () => {
    const user = userEvent.setup();
    server.use(...linksAre(links().map((link) => ({ ...link, clicks: link.id === 1 ? 1 : 12 }))));
    renderScreen(<LinksScreen />);
    // Drag and drop arrives on its own once the list is idle, before any handle is touched
    // (the first drag was once lost while it loaded), and the rows are drawn anew with it.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reorder Blog' })).toHaveAttribute('aria-roledescription', 'sortable'),
    );
    const blog = screen.getByRole('switch', { name: 'Active: Blog' });
    expect(screen.getByText('1 click')).toBeInTheDocument();
    expect(screen.getAllByText('12 clicks')).toHaveLength(2);
    expect(blog).toHaveAttribute('aria-checked', 'true');
    await user.click(blog);
    expect(blog).toHaveAttribute('aria-checked', 'false');
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/v1/user/links/2',
      body: { is_active: false },
    });
  });

  it('puts the switch back, and says so, when the change cannot be saved', async () => {
    const user = userEvent.setup();
    serve();
    server.use(http.put('/v1/user/links/:id', () => failure(500, 'Something went wrong. Please try again.')));
    renderScreen(<LinksScreen />);
    // Drag and drop arrives on idle and draws the rows anew: the switch is found after it.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reorder Blog' })).toHaveAttribute('aria-roledescription', 'sortable'),
    );
    await user.click(screen.getByRole('switch', { name: 'Active: Blog' }));
    expect(await screen.findByText('Failed to update link. Please try again.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Active: Blog' })).toHaveAttribute('aria-checked', 'true'),
    );
  });
});
