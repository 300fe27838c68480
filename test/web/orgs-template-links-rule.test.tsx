import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldRule } from '@shared/org-template';
import { orgTemplateResponse } from '@shared/schemas/org-template';
import type { Link } from '@shared/types';
import { LinksScreen } from '@/features/links/components/links-screen';
import { ImportLinksCard } from '@/features/share/components/import-links-card';
import { authStore } from '@/lib/auth-store';
import { answer, failure } from './api/answer';
import { aCard, cardsAre } from './api/cards';
import { linksAre } from './api/links';
import { aTemplate, orgTemplateIs } from './api/org-template';
import { calls, server } from './api/server';
import { aLink, aUser } from './fixtures';
import { renderScreen } from './helpers';

// A work card whose organisation's template rules its links as a whole (docs/product.md §2,
// Organisations): locked, the links are shown read-only with a lock and who set them; hidden, the
// screen says so and lists only the organisation's own links, which visitors still see. No control
// that changes a link is offered (the API refuses each with 403), nor before the template is read.
// A personal card, and a rule of required or optional, keep the editor as it was.

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
const ruled = (links: FieldRule) => aTemplate({ org_name: 'Acme Ltd', rules: { ...aTemplate().rules, links } });
const CONTROLS = /New Link|Add header|Add Your First Link|^Edit |^Delete |^Reorder /;
const controls = () => [...screen.queryAllByRole('button', { name: CONTROLS }), ...screen.queryAllByRole('switch')];
const shadow = (host: Element) => host.shadowRoot as unknown as HTMLElement;
const previewTitles = () => {
  const aside = screen.getByRole('complementary', { name: 'Live preview' });
  const card = shadow(within(aside).getByRole('img', { name: 'Card preview' }));
  return [...card.querySelectorAll('.links a')].map((a) => a.textContent?.trim());
};

beforeEach(() => server.use(...linksAre(stored)));

describe('a work card whose template locks its links', () => {
  beforeEach(() => server.use(...cardsAre([aCard({ org_id: 'org1' })]), ...orgTemplateIs(ruled('locked'))));

  it('shows them read-only, with a lock and a line saying the organisation sets them', async () => {
    renderScreen(<LinksScreen />);
    expect(await screen.findByText('Set by Acme Ltd')).toBeInTheDocument();
    expect(screen.getByText(/Your organisation sets the links on this card/)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your Links' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => within(row).getByText(/Acme|My talk/).textContent),
    ).toEqual(['Acme', 'My talk']);
    expect(controls()).toEqual([]);
    expect(screen.queryByRole('searchbox')).toBeNull();
    await vi.waitFor(() => expect(previewTitles()).toEqual(['Acme', 'My talk']));
  });
});

describe('a work card whose template hides its links', () => {
  beforeEach(() => server.use(...cardsAre([aCard({ org_id: 'org1' })]), ...orgTemplateIs(ruled('hidden'))));

  it('says the organisation does not show them and lists only the organisation’s, as the card does', async () => {
    renderScreen(<LinksScreen />);
    expect(await screen.findByText('Hidden by Acme Ltd')).toBeInTheDocument();
    expect(
      screen.getByText(/Acme Ltd does not show members’ own links on its work cards, so none can be added here/),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Shown on this card' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Acme')).toBeInTheDocument();
    expect(screen.queryByText('My talk')).toBeNull();
    expect(controls()).toEqual([]);
    await vi.waitFor(() => expect(previewTitles()).toEqual(['Acme']));
  });

  it('shows no list at all when the organisation has no links of its own', async () => {
    server.use(...linksAre(stored.filter((link) => !link.org_required)));
    renderScreen(<LinksScreen />);
    expect(await screen.findByText('Hidden by Acme Ltd')).toBeInTheDocument();
    // Read and drawn: the preview's card, with none of the member's links.
    await vi.waitFor(() => expect(previewTitles()).toEqual([]));
    expect(screen.queryByRole('status', { name: 'Loading links' })).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('My talk')).toBeNull();
    expect(controls()).toEqual([]);
  });
});

describe('a work card’s template on its way', () => {
  beforeEach(() => server.use(...cardsAre([aCard({ org_id: 'org1' })])));

  it('offers no control until the template is read, then none it locks', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/v1/orgs/org1/template', async () => {
        await held;
        return answer(orgTemplateResponse, { success: true, data: ruled('locked') });
      }),
    );
    renderScreen(<LinksScreen />);
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/v1/orgs/org1/template')).toBe(true));
    await expect(screen.findByRole('button', { name: 'New Link' }, { timeout: 800 })).rejects.toThrow();
    expect(screen.getByRole('status', { name: 'Loading links' })).toBeInTheDocument();
    expect(controls()).toEqual([]);
    act(() => release());
    expect(await screen.findByText('Set by Acme Ltd')).toBeInTheDocument();
    expect(controls()).toEqual([]);
  });

  it('shows the load error with Try Again, not the editor, when the template cannot be read', async () => {
    server.use(http.get('/v1/orgs/org1/template', () => failure(500, 'Internal server error')));
    renderScreen(<LinksScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your organisation’s rules for this card could not be loaded');
    expect(controls()).toEqual([]);
    server.use(...orgTemplateIs(ruled('optional')));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'New Link' })).toBeInTheDocument();
  });
});

describe('cards whose links are their member’s', () => {
  it.each(['required', 'optional'] as const)('a work card whose rule is %s keeps the editor', async (rule) => {
    server.use(...cardsAre([aCard({ org_id: 'org1' })]), ...orgTemplateIs(ruled(rule)));
    renderScreen(<LinksScreen />);
    expect(await screen.findByRole('button', { name: 'Edit My talk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Link' })).toBeInTheDocument();
    expect(screen.queryByText(/Set by Acme Ltd|Hidden by Acme Ltd/)).toBeNull();
  });

  it('a personal card keeps every control and reads no template', async () => {
    server.use(...cardsAre([aCard({ org_id: null })]));
    renderScreen(<LinksScreen />);
    expect(await screen.findByRole('button', { name: 'Edit My talk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete My talk' })).toBeInTheDocument();
    expect(screen.queryByText(/Set by Acme Ltd|Hidden by Acme Ltd/)).toBeNull();
    expect(calls.some((call) => call.path.includes('/template'))).toBe(false);
  });
});

describe('Share’s link import on a work card', () => {
  // Signed in, as on the Share screen: the account's cards say which card is a work card.
  beforeEach(() => authStore.setUser(aUser()));

  it.each([
    ['locked', 'Set by Acme Ltd: links cannot be imported to this card.'],
    ['hidden', 'Acme Ltd does not show members’ own links on its work cards: none can be imported to this card.'],
  ] as const)('whose template rules links %s offers no import, saying why', async (rule, message) => {
    server.use(...cardsAre([aCard({ org_id: 'org1' })]), ...orgTemplateIs(ruled(rule)));
    renderScreen(<ImportLinksCard />);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText('Linktree page')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Find links' })).toBeNull();
  });

  it('is offered on a personal card', async () => {
    server.use(...cardsAre([aCard({ org_id: null })]));
    renderScreen(<ImportLinksCard />);
    expect(await screen.findByLabelText('Linktree page')).toBeInTheDocument();
  });
});
