import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Theme, User } from '@shared/types';
import { ThemesScreen } from '@/features/themes/components/themes-screen';
import { themesAre } from './api/catalogue';
import { linksAre } from './api/links';
import { profileIs } from './api/profile';
import { server } from './api/server';
import { aTheme, aUser } from './fixtures';
import { renderScreen } from './helpers';

// The theme editor's buttons, gradient and pattern (docs/product.md §4, Themes): radio groups and
// fields the keyboard reaches, drawn at once by the preview, sent on Save, and held to the
// contrast guard on every colour of the gradient.

const aurora: Theme = {
  id: 15,
  name: 'Aurora',
  background_color: '#312e81',
  text_color: '#f8fafc',
  accent_color: '#f0abfc',
  font_family: 'Rubik, sans-serif',
  background_image: null,
  is_default: false,
  button_style: 'fill',
  button_shape: 'pill',
  gradient_color: '#134e4a',
  gradient_direction: 'diagonal',
  pattern: 'none',
};
const themes: Theme[] = [aTheme(), aurora];
const baseUser = aUser({ theme_id: 1, theme: themes[0]! });

function serve(user: User) {
  const puts: unknown[] = [];
  server.use(
    profileIs(user),
    themesAre(themes),
    ...linksAre([]),
    http.put('/v1/user/profile/theme', async ({ request }) => {
      puts.push(await request.clone().json());
    }),
  );
  return puts;
}

const preview = () =>
  within(screen.getByRole('complementary', { name: 'Live preview' })).getByRole('img', { name: 'Card preview' })
    .shadowRoot!;
const page = () => preview().querySelector<HTMLElement>('.page')!;
const cardClasses = () => [...preview().querySelector('.card')!.classList];
const group = (name: string) => screen.getByRole('group', { name });

describe('Theme editor: buttons, gradient and pattern', () => {
  it('chooses a style and shape with the keyboard, a gradient and a pattern; the preview draws them and Save sends them', async () => {
    const user = userEvent.setup();
    const puts = serve(baseUser);
    renderScreen(<ThemesScreen />);
    await user.click(await screen.findByRole('button', { name: /Custom Theme/ }));

    // The look of before is what a theme without the fields shows.
    expect(within(group('Button style')).getByRole('radio', { name: 'Tinted' })).toBeChecked();
    expect(within(group('Button shape')).getByRole('radio', { name: 'Rounded' })).toBeChecked();
    expect(within(group('Pattern')).getByRole('radio', { name: 'None' })).toBeChecked();
    expect(cardClasses().filter((name) => /^b[ts]-/.test(name))).toEqual([]);

    // A radio group: focus the checked one, then arrows move the choice.
    within(group('Button style')).getByRole('radio', { name: 'Tinted' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(group('Button style')).getByRole('radio', { name: 'Outline' })).toBeChecked();
    await user.click(within(group('Button shape')).getByRole('radio', { name: 'Pill' }));
    expect(cardClasses()).toEqual(expect.arrayContaining(['bt-outline', 'bs-pill']));

    await user.click(screen.getByRole('checkbox', { name: 'Blend the background into a second colour' }));
    const second = screen.getByLabelText<HTMLInputElement>('Second colour');
    await user.clear(second);
    await user.type(second, '#dbeafe');
    fireEvent.blur(second);
    await user.selectOptions(screen.getByLabelText('Direction'), 'Diagonal');
    await user.click(within(group('Pattern')).getByRole('radio', { name: 'Dots' }));
    expect(page().style.getPropertyValue('--grad')).toBe(
      `linear-gradient(135deg,${baseUser.theme!.background_color},#dbeafe)`,
    );
    expect(page().style.getPropertyValue('--pat')).toContain('radial-gradient(var(--pi)');

    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Custom theme updated successfully')).toBeTruthy();
    expect(puts).toEqual([
      {
        custom_theme: expect.objectContaining({
          button_style: 'outline',
          button_shape: 'pill',
          gradient_color: '#dbeafe',
          gradient_direction: 'diagonal',
          pattern: 'dots',
        }),
      },
    ]);
  });

  it('a designed preset shows its look in the preview, and personalizing starts from it', async () => {
    const user = userEvent.setup();
    serve(baseUser);
    renderScreen(<ThemesScreen />);
    await user.click(await screen.findByRole('button', { name: /Aurora/ }));
    expect(cardClasses()).toEqual(expect.arrayContaining(['bt-fill', 'bs-pill']));
    expect(page().style.getPropertyValue('--grad')).toBe('linear-gradient(135deg,#312e81,#134e4a)');

    await user.click(screen.getByRole('button', { name: /Custom Theme/ }));
    expect(within(group('Button style')).getByRole('radio', { name: 'Filled' })).toBeChecked();
    expect(within(group('Button shape')).getByRole('radio', { name: 'Pill' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Blend the background into a second colour' })).toBeChecked();
    expect(screen.getByLabelText<HTMLInputElement>('Second colour').value).toBe('#134e4a');
    expect(screen.getByLabelText<HTMLSelectElement>('Direction').value).toBe('diagonal');

    // Turning the gradient off leaves a plain background.
    await user.click(screen.getByRole('checkbox', { name: 'Blend the background into a second colour' }));
    expect(screen.queryByLabelText('Second colour')).toBeNull();
    expect(page().style.getPropertyValue('--grad')).toBe('');
  });

  it('measures the text against the gradient’s colours: legible on the background but not on the second colour is refused', async () => {
    const user = userEvent.setup();
    const puts = serve(baseUser);
    renderScreen(<ThemesScreen />);
    await user.click(await screen.findByRole('button', { name: /Custom Theme/ }));
    // Dark text on white reads; the gradient runs into near-black, where it does not.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Blend the background into a second colour' }));
    const second = screen.getByLabelText<HTMLInputElement>('Second colour');
    await user.clear(second);
    await user.type(second, '#111111');
    fireEvent.blur(second);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /Text on this background reads at 1(\.\d)?:1; it needs at least 4\.5:1 to be read\./,
    );
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Choose a text colour that can be read')).toBeTruthy();
    expect(puts).toEqual([]);
  });
});
