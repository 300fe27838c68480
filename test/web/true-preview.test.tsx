import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@shared/types';
import { LinksScreen } from '@/features/links/components/links-screen';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { ThemesScreen } from '@/features/themes/components/themes-screen';
import { themesAre } from './api/catalogue';
import { linksAre } from './api/links';
import { profileIs } from './api/profile';
import { calls, server } from './api/server';
import { aLink, aTemplate, aTheme, aUser } from './fixtures';
import { renderScreen } from './helpers';

// The previews of the card screens: one tap away on a phone without losing what is typed, with the
// phone/desktop switch; the galleries' tiles are the owner's own card; the Links preview shows
// the link being edited.
const twoColumns = aTemplate({ id: 2 });
const owner: User = aUser({ name: 'Grace Hopper', template_id: 2, template: twoColumns });
const links = [1, 2, 3, 4, 5].map((n) =>
  aLink({ id: n, title: `Link ${n}`, url: `https://example.com/${n}`, icon: '', display_order: n, is_active: true }),
);
const shadow = (host: Element) => host.shadowRoot as unknown as HTMLElement;

describe('the phone’s preview', () => {
  it('opens over the form from the bar at the foot of the screen and closes back to the typed, unsaved text', async () => {
    server.use(profileIs(owner), ...linksAre(links));
    const user = userEvent.setup();
    renderScreen(<ProfileScreen />);
    const name = await screen.findByLabelText<HTMLInputElement>('Name');
    await user.clear(name);
    await user.type(name, 'Grace B. Hopper');
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeInTheDocument();
    // The one 'Preview' of the screen, in the bar at its foot (the save bar rests above it).
    const peek = document.querySelector<HTMLElement>('[data-preview-peek]')!;
    await user.click(within(peek).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    const card = within(shadow(within(dialog).getByRole('img', { name: 'Card preview' })));
    expect(card.getByRole('heading', { name: 'Grace B. Hopper' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Preview' })).toBeNull());
    expect(screen.getByLabelText('Name')).toHaveValue('Grace B. Hopper');
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('switches between a phone’s width and a desktop’s, where a two-column template has its columns', async () => {
    server.use(profileIs(owner), ...linksAre(links));
    const user = userEvent.setup();
    renderScreen(<ProfileScreen />);
    await screen.findByLabelText('Name');
    // Nothing typed: the screen's own 'Preview' bar opens it.
    const peek = document.querySelector('[data-preview-peek]')!;
    await user.click(within(peek as HTMLElement).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    const widths = within(within(dialog).getByRole('group', { name: 'Preview width' }));
    expect(widths.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.querySelector('[data-preview-frame]')).toHaveAttribute('data-preview-frame', 'phone');
    await user.click(widths.getByRole('button', { name: 'Desktop' }));
    expect(widths.getByRole('button', { name: 'Desktop' })).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.querySelector('[data-preview-frame]')).toHaveAttribute('data-preview-frame', 'desktop');
    // Laid out at 1024 px, past the card's 768 px breakpoint for its two columns, then scaled.
    const frame = dialog.querySelector('[data-preview-width]')!;
    expect(Number(frame.getAttribute('data-preview-width'))).toBeGreaterThanOrEqual(768);
    const card = frame.querySelector('[role="img"]')!;
    expect(shadow(card).querySelector('main')?.classList.contains('two')).toBe(true);
    expect(shadow(card).querySelector('h1')?.textContent).toBe('Grace Hopper');
  });
});

describe('the theme gallery', () => {
  it('shows each preset as the owner’s own card in the preset’s colours', async () => {
    const presets = [
      aTheme({ id: 1, name: 'Classic Light' }),
      aTheme({ id: 2, name: 'Midnight', background_color: '#0f172a', text_color: '#f8fafc', accent_color: '#38bdf8' }),
    ];
    server.use(themesAre(presets), profileIs({ ...owner, theme_id: 1, theme: presets[0]! }), ...linksAre(links));
    renderScreen(<ThemesScreen />);
    const midnight = await screen.findByRole('button', { name: /Midnight/ });
    const tile = () => shadow(midnight.querySelector('[aria-hidden="true"]')!);
    await waitFor(() => expect(tile().querySelector('h1')?.textContent).toBe('Grace Hopper'));
    expect([...tile().querySelectorAll('.links a')].map((a) => a.textContent)).toEqual(['Link 1', 'Link 2', 'Link 3']);
    const page = tile().querySelector<HTMLElement>('.page')!;
    expect(page.style.getPropertyValue('--bg')).toBe('#0f172a');
    expect(page.style.getPropertyValue('--fg')).toBe('#f8fafc');
    // Not a swatch: no 'Aa' sample stands in for the card.
    expect(within(midnight).queryByText('Aa')).toBeNull();
  });
});

describe('the Links preview', () => {
  it('outlines the link being edited, and a new one once typed', async () => {
    server.use(profileIs(owner), ...linksAre(links));
    const user = userEvent.setup();
    renderScreen(<LinksScreen />);
    const aside = await screen.findByRole('complementary', { name: 'Live preview' });
    const card = () => shadow(within(aside).getByRole('img', { name: 'Card preview' }));
    await waitFor(() => expect(card().querySelectorAll('.links a')).toHaveLength(5));
    const lit = () => [...card().querySelectorAll('.links a.lit')].map((a) => a.textContent);
    expect(lit()).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Edit Link 4' }));
    await waitFor(() => expect(lit()).toEqual(['Link 4']));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'New Link' }));
    await user.click(await screen.findByLabelText('Link', { exact: true }));
    await user.paste('https://example.org/new');
    // The new link, last on the card, is outlined as soon as it is drawn.
    await waitFor(() => expect(lit()).toHaveLength(1));
    const drawn = [...card().querySelectorAll('.links a')];
    expect(drawn).toHaveLength(6);
    expect(drawn.at(-1)?.classList.contains('lit')).toBe(true);
  });
});
