import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Link, Template } from '@shared/types';
import { OverviewScreen } from '@/features/dashboard/components/overview-screen';
import { TemplatesScreen } from '@/features/templates/components/templates-screen';
import { aLink, aUser } from './fixtures';
import { renderScreen, stubFetch } from './helpers';

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

const templates: Template[] = [1, 2].map((id) => ({
  id,
  name: id === 1 ? 'Classic' : 'Professional',
  description: 'A card',
  thumbnail_url: `/templates/${id}.svg`,
  thumbnail: `/templates/${id}.svg`,
  config: { layout: id === 1 ? 'single-column' : 'two-column', showAvatar: true, avatarPosition: 'center' },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Dashboard overview', () => {
  it('shows the three stat cards, the first 4 links and the recent activity', async () => {
    stubFetch(({ path }) => {
      if (path === '/v1/user/profile') return { body: { success: true, data: user } };
      if (path === '/v1/user/links?all=true') return { body: { success: true, data: links } };
      if (path === '/v1/user/stats')
        return { body: { success: true, data: { profile_views: 12, link_clicks: 5, daily, last_viewed_at: null } } };
      return undefined;
    });
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
});

describe('Template Gallery', () => {
  it('selects a template and saves it', async () => {
    const ue = userEvent.setup();
    const calls = stubFetch(({ method, path }) => {
      if (path === '/v1/user/profile') return { body: { success: true, data: user } };
      if (path === '/v1/user/templates?all=true') return { body: { success: true, data: templates } };
      if (method === 'PUT' && path === '/v1/user/profile/template')
        return { body: { success: true, data: { template_id: 2, template: templates[1] } } };
      return undefined;
    });
    renderScreen(<TemplatesScreen />);
    const classic = await screen.findByRole('button', { name: /Classic/ });
    await screen.findByText('Selected');
    expect(classic.getAttribute('aria-pressed')).toBe('true');
    const preview = () => screen.getByRole('img', { name: 'Card preview' }).shadowRoot!.querySelector('main')!;
    await waitFor(() => expect(preview().classList.contains('one')).toBe(true));
    await ue.click(screen.getByRole('button', { name: /Professional/ }));
    expect(await screen.findByText("Template selected. Don't forget to save your changes.")).toBeTruthy();
    // The preview draws the card in the chosen template before it is saved: two columns now.
    expect(preview().classList.contains('two')).toBe(true);
    await ue.click(screen.getByRole('button', { name: 'Save Selected Template' }));
    expect(await screen.findByText('Template updated successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ template_id: 2 });
  });

  it('shows the empty state', async () => {
    stubFetch(({ path }) => {
      if (path === '/v1/user/profile') return { body: { success: true, data: { ...user, template_id: null } } };
      if (path === '/v1/user/templates?all=true') return { body: { success: true, data: [] } };
      return undefined;
    });
    renderScreen(<TemplatesScreen />);
    expect(await screen.findByText('No templates available at the moment.')).toBeTruthy();
    // Nothing chosen, nothing to save: no save bar.
    expect(screen.queryByRole('button', { name: 'Save Selected Template' })).toBeNull();
  });
});
