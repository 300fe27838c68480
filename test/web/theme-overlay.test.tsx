import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@shared/types';
import { ThemesScreen } from '@/features/themes/components/themes-screen';
import { BACKGROUND_URL, profileIs } from './api/profile';
import { calls, server } from './api/server';
import { aTheme, aUser } from './fixtures';
import { renderScreen } from './helpers';

// 'Image overlay' (docs/product.md §2, Background image): the background colour over the image,
// set by the owner and drawn live in the preview; where the text would not read on the image the
// preview (as the card) draws more, and the field says how much.

const night = {
  background_color: '#111827',
  text_color: '#ffffff',
  accent_color: '#60a5fa',
  font_family: 'Inter, sans-serif',
  background_image: BACKGROUND_URL,
};
const withBackground = (tones: User['background_tones'], overrides: Partial<User> = {}) =>
  aUser({
    theme_id: 1,
    theme: aTheme(),
    custom_theme: night,
    background_image_url: BACKGROUND_URL,
    background_tones: tones,
    ...overrides,
  });

/** The veil the live preview's page draws (`--vl`), or '' without one. */
const previewVeil = () => {
  const root = within(screen.getByRole('complementary', { name: 'Live preview' })).getByRole('img', {
    name: 'Card preview',
  }).shadowRoot!;
  return (root.querySelector('.page') as HTMLElement).style.getPropertyValue('--vl');
};

describe('Theme Settings: image overlay', () => {
  it('draws a dark photo as it is, and the overlay the owner sets, live, then saves it', async () => {
    server.use(profileIs(withBackground({ dark: 9, light: 50 })));
    const ue = userEvent.setup();
    renderScreen(<ThemesScreen />);
    const slider = await screen.findByRole('slider', { name: 'Image overlay' });
    expect((slider as HTMLInputElement).value).toBe('0');
    expect(previewVeil()).toBe('');
    expect(
      screen.getByText('Your background colour laid over the image: more of it makes your text easier to read.'),
    ).toBeTruthy();

    fireEvent.change(slider, { target: { value: '40' } });
    expect(screen.getByText('40%')).toBeTruthy();
    // 40 % of 255 is 0x66.
    await waitFor(() => expect(previewVeil()).toBe('linear-gradient(#11182766,#11182766) fixed,'));
    await ue.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Custom theme updated successfully')).toBeTruthy();
    const put = calls.find((call) => call.path === '/v1/user/profile/theme');
    expect((put?.body as { custom_theme: { background_overlay?: number } }).custom_theme.background_overlay).toBe(40);
  });

  it('on a bright photo draws more than set, and says how much', async () => {
    server.use(profileIs(withBackground({ dark: 180, light: 244 })));
    renderScreen(<ThemesScreen />);
    await screen.findByRole('slider', { name: 'Image overlay' });
    const veil = /^linear-gradient\(#111827([0-9a-f]{2}),#111827\1\) fixed,$/.exec(previewVeil());
    expect(veil).not.toBeNull();
    const drawn = Math.round((parseInt(veil![1]!, 16) / 255) * 100);
    expect(drawn).toBeGreaterThan(40);
    expect(screen.getByText(`So your text can be read on this image, your card draws it at ${drawn}%.`)).toBeTruthy();
  });

  it('offers no overlay without a background image', async () => {
    server.use(
      profileIs(
        withBackground(null, { background_image_url: null, custom_theme: { ...night, background_image: null } }),
      ),
    );
    renderScreen(<ThemesScreen />);
    expect(await screen.findByText('Upload background')).toBeTruthy();
    expect(screen.queryByRole('slider', { name: 'Image overlay' })).toBeNull();
  });
});
