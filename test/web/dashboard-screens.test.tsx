import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Link } from '@shared/types';
import { OverviewScreen } from '@/features/dashboard/components/overview-screen';
import { TemplatesScreen } from '@/features/templates/components/templates-screen';
import { noBody } from './api/answer';
import { templatesAre } from './api/catalogue';
import { linksAre } from './api/links';
import { profileIs } from './api/profile';
import { calls, server } from './api/server';
import { statsAre } from './api/stats';
import { aLink, aStats, aTemplate, aUser } from './fixtures';
import { renderScreen } from './helpers';

const user = aUser({ bio: 'Builder', theme_id: 1, template_id: 1, views: 3 });

const links: Link[] = [5, 4, 3, 2, 1].map((n) =>
  aLink({
    id: n,
    title: `Link ${n}`,
    url: `https://example.com/${n}`,
    icon: '',
    display_order: n,
    is_active: n !== 2,
  }),
);

const daily = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-01-${String(i + 1).padStart(2, '0')}`,
  views: i === 28 ? 4 : 0,
  clicks: i === 28 ? 1 : 0,
  unique_visitors: 0,
}));

const templates = [aTemplate({ id: 1 }), aTemplate({ id: 2 })];

describe('Dashboard overview', () => {
  it('shows the three stat cards, the first 4 links and the recent activity', async () => {
    server.use(
      profileIs(user),
      ...linksAre(links),
      statsAre(aStats({ profile_views: 12, link_clicks: 5, daily, last_viewed_at: null })),
    );
    renderScreen(<OverviewScreen />);
    expect(await screen.findByText('Welcome back, Jane!')).toBeTruthy();
    expect(await screen.findByText('12')).toBeTruthy();
    expect(screen.getByText('Profile Views')).toBeTruthy();
    expect(screen.getByText('Link Clicks')).toBeTruthy();
    const active = screen.getByText('Active Links').parentElement!;
    expect(within(active).getByText('4')).toBeTruthy();
    const recent = screen.getByText('Recent Links').closest('div.rounded-xl') as HTMLElement;
    expect(
      within(recent)
        .getAllByText(/^Link \d$/)
        .map((el) => el.textContent),
    ).toEqual(['Link 1', 'Link 2', 'Link 3', 'Link 4']);
    expect(screen.getByText('4 views, 1 click')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/dashboard/profile');
    expect(screen.getByRole('link', { name: 'View detailed statistics' }).getAttribute('href')).toBe(
      '/dashboard/stats',
    );
  });

  it("counts and lists links a visitor follows, never a section's header", async () => {
    const header = aLink({
      id: 9,
      title: 'Music',
      url: '',
      icon: '',
      display_order: 0,
      is_active: true,
      kind: 'header',
    });
    server.use(profileIs(user), ...linksAre([header, ...links]), statsAre(aStats({ profile_views: 12, daily })));
    renderScreen(<OverviewScreen />);
    const active = (await screen.findByText('Active Links')).parentElement!;
    expect(await within(active).findByText('4')).toBeTruthy();
    const recent = screen.getByText('Recent Links').closest('div.rounded-xl') as HTMLElement;
    await within(recent).findByText('Link 1');
    expect(within(recent).queryByText('Music')).toBeNull();
    expect(within(recent).getAllByText(/^Link \d$/)).toHaveLength(4);
  });

  it('shows placeholders while its figures and links load', async () => {
    const hang = () => new Promise<never>(() => {});
    server.use(profileIs(user), http.get('/v1/user/links', hang), http.get('/v1/user/stats', hang));
    renderScreen(<OverviewScreen />);
    expect(await screen.findByText('Welcome back, Jane!')).toBeTruthy();
    for (const label of ['Profile Views', 'Link Clicks', 'Active Links']) {
      expect(screen.getByText(label).nextElementSibling).toHaveClass('animate-pulse');
    }
  });
});

describe('Template Gallery', () => {
  it('selects a template and saves it', async () => {
    const ue = userEvent.setup();
    server.use(profileIs(user), templatesAre(templates));
    renderScreen(<TemplatesScreen />);
    const classic = await screen.findByRole('button', { name: /Classic/ });
    await screen.findByText('Selected');
    expect(classic.getAttribute('aria-pressed')).toBe('true');
    const preview = () => screen.getByRole('img', { name: 'Card preview' }).shadowRoot!.querySelector('main')!;
    await waitFor(() => expect(preview().classList.contains('one')).toBe(true));
    await ue.click(screen.getByRole('button', { name: /Professional/ }));
    // The save bar keeps the choice; the caption says the preview shows it unsaved.
    expect(await screen.findByRole('region', { name: 'Unsaved changes' })).toBeInTheDocument();
    expect(screen.getByText('Your card as visitors see it, with your unsaved changes')).toBeInTheDocument();
    // The preview draws the card in the chosen template before it is saved: two columns now.
    expect(preview().classList.contains('two')).toBe(true);
    await ue.click(screen.getByRole('button', { name: 'Save Selected Template' }));
    expect(await screen.findByText('Template updated successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ template_id: 2 });
    // Kept in this browser's copy of the profile too (docs/product.md §7).
    expect(JSON.parse(localStorage.getItem('user_profile')!)).toMatchObject({ template_id: 2 });
  });

  it("shows each template as the person's own card laid out by it, with its name, description, layout and photo position", async () => {
    server.use(
      profileIs(user),
      ...linksAre(links),
      templatesAre([aTemplate(), aTemplate({ id: 2, description: 'Two columns for a longer card' })]),
    );
    renderScreen(<TemplatesScreen />);
    const professional = await screen.findByRole('button', { name: /Professional/ });
    expect(screen.getByText('Choose a template design for your digital card')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/v1/user/templates?all=true');
    const card = within(professional);
    // Not a drawing of a layout: the owner's card (their name, their first links) in the template's.
    const tile = (button: HTMLElement) => button.querySelector('[aria-hidden="true"]')!.shadowRoot!;
    await waitFor(() => expect(tile(professional).querySelector('h1')?.textContent).toBe(user.name));
    expect([...tile(professional).querySelectorAll('.links a')].map((a) => a.textContent)).toEqual([
      'Link 1',
      'Link 3',
      'Link 4',
    ]);
    expect(tile(professional).querySelector('main')?.classList.contains('two')).toBe(true);
    expect(
      tile(screen.getByRole('button', { name: /Classic/ }))
        .querySelector('main')
        ?.classList.contains('one'),
    ).toBe(true);
    expect(card.getByRole('heading', { name: 'Professional' })).toBeInTheDocument();
    expect(card.getByText('Two columns for a longer card')).toBeInTheDocument();
    expect(card.getByText('Two columns')).toBeInTheDocument();
    expect(card.getByText('Avatar: center')).toBeInTheDocument();
    expect(card.queryByText('Selected')).toBeNull();
    expect(within(screen.getByRole('button', { name: /Classic/ })).getByText('Single column')).toBeInTheDocument();
  });

  it("says 'Updating template...' with Save off while it is sent, and 'Failed to update template. Please try again.'", async () => {
    let answerSave = () => {};
    const held = new Promise<void>((resolve) => (answerSave = resolve));
    server.use(
      profileIs(user),
      templatesAre(templates),
      http.put('/v1/user/profile/template', async () => {
        await held;
        return noBody(500);
      }),
    );
    const ue = userEvent.setup();
    renderScreen(<TemplatesScreen />);
    await ue.click(await screen.findByRole('button', { name: /Professional/ }));
    await ue.click(screen.getByRole('button', { name: 'Save Selected Template' }));
    expect(await screen.findByText('Updating template...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    answerSave();
    expect(await screen.findByText('Failed to update template. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Updating template...')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save Selected Template' })).toBeEnabled();
  });

  it('shows the empty state', async () => {
    server.use(profileIs({ ...user, template_id: null }), templatesAre([]));
    renderScreen(<TemplatesScreen />);
    expect(await screen.findByText('No templates available at the moment.')).toBeTruthy();
    // Nothing chosen, nothing to save: no save bar.
    expect(screen.queryByRole('button', { name: 'Save Selected Template' })).toBeNull();
  });
});
