import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Link } from '@shared/types';
import { LinksScreen } from '@/features/links/components/links-screen';
import { linksAre } from './api/links';
import { server } from './api/server';
import { aLink } from './fixtures';
import { renderScreen } from './helpers';

// A work card's links (docs/product.md §2, Organisations, the template): a link the organisation
// puts on every card is shown with a lock and "Set by your organisation", and offers no control to
// change, switch off, move or delete it; the member's own links keep theirs.

const stored: Link[] = [
  aLink({
    id: 1,
    title: 'Acme',
    url: 'https://acme.example.com',
    icon: '',
    display_order: -1,
    is_active: true,
    org_required: true,
  }),
  aLink({ id: 2, title: 'My talk', url: 'https://talks.example.com/ada', icon: '', display_order: 0, is_active: true }),
];
beforeEach(() => server.use(...linksAre(stored)));

describe('an organisation’s required link in the editor', () => {
  it('is locked, saying why, while the member’s own link keeps its controls', async () => {
    renderScreen(<LinksScreen />);
    const required = (await screen.findByText('Acme', { selector: 'p' })).closest('li')!;
    expect(within(required).getByText('Set by your organisation')).toBeInTheDocument();
    expect(within(required).queryByRole('button', { name: /Edit|Delete|Reorder|Drag/i })).toBeNull();
    expect(within(required).queryByRole('switch')).toBeNull();
    const own = screen.getByText('My talk', { selector: 'p' }).closest('li')!;
    expect(within(own).queryByText('Set by your organisation')).toBeNull();
    expect(within(own).getByRole('button', { name: /Edit/ })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: /Delete/ })).toBeInTheDocument();
  });
});
