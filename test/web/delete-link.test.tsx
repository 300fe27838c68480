import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Link } from '@shared/types';
import { LinksScreen } from '@/features/links/components/links-screen';
import { failure, networkFailure, noBody } from './api/answer';
import { linksAre } from './api/links';
import { calls, server } from './api/server';
import { aLink } from './fixtures';
import { renderScreen } from './helpers';

// Deleting a link (decision 74): no question first, since the toast offers Undo for at least 10 s,
// held while hovered or focused; 'Failed to delete link. Please try again.' when it fails, or the
// server's reason when it gives one.

const links = (): Link[] => [
  aLink({ id: 1, title: 'My code', url: 'https://github.com/jane', icon: '', display_order: 0, is_active: true }),
  aLink({ id: 2, title: 'Old blog', url: 'https://old.example.com', icon: '', display_order: 1, is_active: true }),
];

/**
 * The links API; a DELETE waits for `answerDelete` so the screen can be seen mid-way, then
 * deletes (or fails with a 500 without a body).
 */
function serve({ deleteFails = false } = {}) {
  let answerDelete!: () => void;
  const answered = new Promise<void>((resolve) => (answerDelete = resolve));
  server.use(
    http.delete('/v1/user/links/:id', async () => {
      await answered;
      // Nothing returned: the links API below deletes it.
      return deleteFails ? noBody(500) : undefined;
    }),
    ...linksAre(links()),
  );
  return { answerDelete };
}

async function deleteOldBlog(options?: Parameters<typeof userEvent.setup>[0]) {
  const user = userEvent.setup(options);
  renderScreen(<LinksScreen />);
  await screen.findByRole('list', { name: 'Your Links' });
  // Drag and drop arrives once the list is idle and draws the rows anew: the button is used after it.
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Reorder Old blog' })).toHaveAttribute(
      'aria-roledescription',
      'sortable',
    ),
  );
  const list = screen.getByRole('list', { name: 'Your Links' });
  await user.click(within(list).getByRole('button', { name: 'Delete Old blog' }));
  return user;
}

const deletes = (calls: { method: string }[]) => calls.filter((call) => call.method === 'DELETE');

describe('deleting a link', () => {
  it("asks nothing: the row goes at once, 'Deleting link...', then 'Link deleted successfully' with Undo", async () => {
    const { answerDelete } = serve();
    await deleteOldBlog();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByText('Old blog')).not.toBeInTheDocument());
    // While the server is asked (docs/product.md §8); its answer takes the toast's place.
    expect(await screen.findByText('Deleting link...')).toBeInTheDocument();
    answerDelete();
    expect(await screen.findByText('Link deleted successfully')).toBeInTheDocument();
    expect(screen.queryByText('Deleting link...')).toBeNull();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your Links' })).getByText('My code')).toBeInTheDocument();
    expect(deletes(calls)).toEqual([expect.objectContaining({ path: '/v1/user/links/2' })]);
  });

  it("'Undo' in the toast puts the link back where it was", async () => {
    const { answerDelete } = serve();
    const user = await deleteOldBlog();
    answerDelete();
    await screen.findByText('Link deleted successfully');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Link restored')).toBeInTheDocument();
    // Restored as it was, under its own id (and so with its clicks), not added anew.
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/v1/user/links/2/restore',
    ]);
    const rows = within(await screen.findByRole('list', { name: 'Your Links' }));
    await waitFor(() => expect(rows.getByText('Old blog')).toBeInTheDocument());
  });

  it("says 'Failed to delete link. Please try again.' and puts the link back when the delete fails", async () => {
    const { answerDelete } = serve({ deleteFails: true });
    await deleteOldBlog();
    expect(await screen.findByText('Deleting link...')).toBeInTheDocument();
    answerDelete();
    expect(await screen.findByText('Failed to delete link. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Deleting link...')).toBeNull();
    const list = screen.getByRole('list', { name: 'Your Links' });
    await waitFor(() => expect(within(list).getByText('Old blog')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it("says the server's reason when it refuses (a work card's last required link) and keeps the link", async () => {
    const reason = 'Links is required by your organisation';
    server.use(
      http.delete('/v1/user/links/:id', () => failure(422, reason, { links: [reason] })),
      ...linksAre(links()),
    );
    await deleteOldBlog();
    expect(await screen.findByText(reason)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your Links' });
    await waitFor(() => expect(within(list).getByText('Old blog')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('a failed delete brings back only its link, not another deleted meanwhile (a slow network)', async () => {
    let failFirst!: () => void;
    const first = new Promise<void>((resolve) => (failFirst = resolve));
    server.use(
      http.delete('/v1/user/links/:id', async ({ params }) => {
        // 'Old blog' waits, then fails; 'My code' is deleted at once.
        if (params.id === '2') {
          await first;
          return noBody(502);
        }
        return undefined;
      }),
      ...linksAre(links()),
    );
    const user = await deleteOldBlog();
    const list = () => within(screen.getByRole('list', { name: 'Your Links' }));
    await user.click(list().getByRole('button', { name: 'Delete My code' }));
    await screen.findByText('Link deleted successfully');
    failFirst();
    expect(await screen.findByText('Failed to delete link. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(list().getByText('Old blog')).toBeInTheDocument());
    expect(list().queryByText('My code')).toBeNull();
  });

  it("offers 'Try again' when Undo gets no answer (offline), and the second try restores the link", async () => {
    const { answerDelete } = serve();
    const user = await deleteOldBlog();
    answerDelete();
    await screen.findByText('Link deleted successfully');
    let restores = 0;
    server.use(http.post('/v1/user/links/:id/restore', () => (++restores === 1 ? networkFailure() : undefined)));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Failed to restore the link.')).toBeInTheDocument();
    // Not 'Please add it again': the server keeps the deleted link ten minutes.
    expect(screen.getByText('Check your connection. The deleted link is kept for 10 minutes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Link restored')).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Your Links' }));
    await waitFor(() => expect(rows.getByText('Old blog')).toBeInTheDocument());
    expect(restores).toBe(2);
  });

  it("says 'Please add it again.' with no retry when the deleted link is gone for good (404)", async () => {
    const { answerDelete } = serve();
    const user = await deleteOldBlog();
    answerDelete();
    await screen.findByText('Link deleted successfully');
    server.use(http.post('/v1/user/links/:id/restore', () => failure(404, '')));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Please add it again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
