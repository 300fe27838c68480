import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Link } from '@shared/types';
import { LinksScreen } from '@/features/links/components/links-screen';
import { formatWhen } from '@/features/links/lib/link-schedule';
import { linksAre } from './api/links';
import { calls, server } from './api/server';
import { aLink } from './fixtures';
import { renderScreen } from './helpers';

// The editor's pieces for sections, the social row, schedules, the highlight and the warning for
// adults (docs/product.md §4, Links): what the owner sets in place, what is sent, and what the
// list and the preview then say.

const stored: Link[] = [
  aLink({ id: 3, title: 'Blog', url: 'https://jane.example.com/posts', icon: '', display_order: 0, is_active: true }),
];
beforeEach(() => server.use(...linksAre(stored)));

const preview = () =>
  screen.getByRole('complementary', { name: 'Live preview' }).querySelector('[role="img"]')?.shadowRoot ?? null;
const sent = (method: string) => calls.filter((call) => call.method === method).at(-1)?.body;

describe('link kinds in the editor', () => {
  it('adds a header, a title only, shown in the list and as a heading in the preview', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await user.click(await screen.findByRole('button', { name: 'Add header' }));
    const form = await screen.findByRole('region', { name: 'Add Header' });
    await user.click(await within(form).findByRole('button', { name: 'Add header' }));
    expect(await within(form).findByText('Give the header a title')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Header'), 'Music');
    await waitFor(() => expect(preview()?.querySelector('h2.lh')?.textContent).toBe('Music'));
    await user.click(within(form).getByRole('button', { name: 'Add header' }));
    await screen.findByText('Link created successfully');
    expect(sent('POST')).toEqual({ kind: 'header', title: 'Music' });
    const row = (await screen.findByText('Music', { selector: 'p' })).closest('li')!;
    expect(within(row).getByText('Header')).toBeInTheDocument();
    // A header has no address and no clicks to show.
    expect(row.textContent).not.toMatch(/click|https?:/i);
  });

  it('starts an Instagram profile as an icon of the social row, and the preview draws the row', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    await user.click(await screen.findByRole('button', { name: 'New Link' }));
    await screen.findByRole('region', { name: 'Add New Link' });
    await waitFor(() => expect(screen.getByLabelText('Link')).toHaveFocus());
    await user.paste('https://instagram.com/jane.doe');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Icon in the social row' })).toBeChecked());
    const row = preview()?.querySelector('ul.social[aria-label="Social profiles"]');
    expect(row?.querySelector('a')?.getAttribute('aria-label')).toBe('Instagram');
    await user.click(screen.getByRole('button', { name: 'Add Link' }));
    await screen.findByText('Link created successfully');
    expect(sent('POST')).toMatchObject({ url: 'https://instagram.com/jane.doe', display: 'icon' });
  });

  it('schedules a link in local time, sends it in UTC, and says its state in the list and the preview', async () => {
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    // Drag and drop arrives once the list is idle and draws the rows anew: Edit is used after it.
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Reorder / })[0]).toHaveAttribute(
        'aria-roledescription',
        'sortable',
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Blog' }));
    const form = await screen.findByRole('region', { name: 'Edit Link' });
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(9, 0, 0, 0);
    const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}T09:00`;
    const starts = within(form).getByLabelText('Starts');
    await user.type(starts, local);
    // An end before the start is refused in place, and nothing is sent.
    await user.type(within(form).getByLabelText('Ends'), `${local.slice(0, 11)}08:00`);
    await user.click(within(form).getByRole('button', { name: 'Update Link' }));
    expect(await within(form).findByText('The end must come after the start')).toBeInTheDocument();
    expect(sent('PUT')).toBeUndefined();
    await user.clear(within(form).getByLabelText('Ends'));

    const state = `Starts ${formatWhen(tomorrow.toISOString())}`;
    await waitFor(() => expect(preview()?.querySelector('.when')?.textContent).toBe(state));
    await user.click(within(form).getByRole('switch', { name: 'Highlight this link' }));
    await user.click(within(form).getByRole('switch', { name: 'Content for adults' }));
    await user.click(within(form).getByRole('button', { name: 'Update Link' }));
    await screen.findByText('Link updated successfully');
    expect(sent('PUT')).toEqual({ starts_at: tomorrow.toISOString(), highlight: true, sensitive: true });
    const row = (await screen.findByText('Blog', { selector: 'p' })).closest('li')!;
    expect(within(row).getByText(state)).toBeInTheDocument();
    expect(within(row).getByText('Highlighted')).toBeInTheDocument();
    expect(within(row).getByText('For adults')).toBeInTheDocument();
    expect(formatWhen('2026-12-12T09:00:00')).toBe('12 Dec, 09:00');
  });
});
