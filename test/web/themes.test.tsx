import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CustomTheme, Link, Theme, User } from '@shared/types';
import { ThemesScreen } from '@/features/themes/components/themes-screen';
import { colourOnBlur } from '@/lib/colour';
import { noBody } from './api/answer';
import { themesAre } from './api/catalogue';
import { linksAre } from './api/links';
import { profileIs } from './api/profile';
import { calls, server } from './api/server';
import { aLink, aTheme, aUser } from './fixtures';
import { renderScreen } from './helpers';

const themes: Theme[] = [
  aTheme(),
  {
    id: 2,
    name: 'Midnight',
    background_color: '#0f172a',
    text_color: '#f8fafc',
    accent_color: '#38bdf8',
    font_family: 'Poppins, sans-serif',
    background_image: null,
    is_default: false,
  },
];

const baseUser = aUser({ theme_id: 1, theme: themes[0]! });

/** The API with this user, the two presets and these links; answers each save, noting it with the cache's state. */
function serve(user: User, links: Link[] = []) {
  const seen: { body: unknown; bypass: string | null; cachedTime: string | null }[] = [];
  server.use(
    profileIs(user),
    themesAre(themes),
    ...linksAre(links),
    http.put('/v1/user/profile/theme', async ({ request }) => {
      seen.push({
        body: await request.clone().json(),
        bypass: localStorage.getItem('bypass_profile_cache'),
        cachedTime: localStorage.getItem('user_profile_time'),
      });
      // Nothing returned: the default answer follows.
    }),
  );
  return seen;
}

const colour = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** The card drawn beside the grid (the screen's live preview). */
const previewRoot = () =>
  within(screen.getByRole('complementary', { name: 'Live preview' })).getByRole('img', { name: 'Card preview' })
    .shadowRoot!;

describe('Theme Settings', () => {
  it('shows the current theme, the presets with the personalized Custom Theme, and Customize Theme with the ten fonts', async () => {
    const user = userEvent.setup();
    serve({ ...baseUser, theme_id: 2, theme: themes[1]! });
    renderScreen(<ThemesScreen />);
    await screen.findByText('Current Theme');
    expect(calls.map((call) => call.path)).toContain('/v1/user/themes?all=true');
    expect(screen.getByText('Choose a theme or customize your own for your digital card')).toBeInTheDocument();
    const current = within(screen.getByText('Current Theme').parentElement!.parentElement!);
    expect(current.getByText('Midnight')).toBeInTheDocument();
    for (const [label, value] of [
      ['Background', '#0f172a'],
      ['Text', '#f8fafc'],
      ['Accent', '#38bdf8'],
    ] as const)
      expect(current.getByText(value).parentElement).toHaveTextContent(`${label} ${value}`);
    expect(current.getByText('Poppins')).toHaveStyle({ fontFamily: 'Poppins, sans-serif' });
    expect(screen.getByText('Select a Theme')).toBeInTheDocument();
    const customCard = screen.getByRole('button', { name: /Custom Theme/ });
    expect(customCard).toHaveTextContent('Personalized');
    expect(screen.getByText('Customize Theme')).toBeInTheDocument();
    await user.click(customCard);
    const fonts = within(screen.getByLabelText('Font Family')).getAllByRole('option');
    expect(fonts.map((font) => [font.textContent, (font as HTMLOptionElement).value])).toEqual([
      ['Inter', 'Inter, sans-serif'],
      ['Poppins', 'Poppins, sans-serif'],
      ['Rubik', 'Rubik, sans-serif'],
      ['DM Sans', 'DM Sans, sans-serif'],
      ['Nunito', 'Nunito, sans-serif'],
      ['Work Sans', 'Work Sans, sans-serif'],
      ['Mulish', 'Mulish, sans-serif'],
      ['Raleway', 'Raleway, sans-serif'],
      ['Quicksand', 'Quicksand, sans-serif'],
      ['Merriweather', 'Merriweather, serif'],
    ]);
  });

  it("says 'Updating theme...' or 'Updating custom theme...' until the save is answered", async () => {
    const user = userEvent.setup();
    serve(baseUser);
    let answerSave = () => {};
    const held = () => new Promise<void>((resolve) => (answerSave = resolve));
    let hold = held();
    // Each save waits for answerSave, then the handler of serve() answers it.
    server.use(http.put('/v1/user/profile/theme', async () => void (await hold)));
    renderScreen(<ThemesScreen />);
    await user.click(await screen.findByRole('button', { name: /Midnight/ }));
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Updating theme...')).toBeInTheDocument();
    answerSave();
    expect(await screen.findByText('Theme updated successfully')).toBeInTheDocument();
    expect(screen.queryByText('Updating theme...')).toBeNull();

    hold = held();
    await user.click(screen.getByRole('button', { name: /Custom Theme/ }));
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Updating custom theme...')).toBeInTheDocument();
    answerSave();
    expect(await screen.findByText('Custom theme updated successfully')).toBeInTheDocument();
    expect(screen.queryByText('Updating custom theme...')).toBeNull();
  });

  it('preset mode saves theme_id with custom_theme null, bypassing the profile cache', async () => {
    const user = userEvent.setup();
    const puts = serve(baseUser);
    renderScreen(<ThemesScreen />);
    expect(await screen.findByText('Current Theme')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Midnight/ }));
    // The choice shows in the preview at once, and the save bar keeps it.
    await waitFor(() =>
      expect((previewRoot().querySelector('.page') as HTMLElement).style.getPropertyValue('--bg')).toBe('#0f172a'),
    );
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeInTheDocument();
    expect(screen.getByText('Your card as visitors see it, with your unsaved changes')).toBeInTheDocument();
    // The profile's refetch after the save gets no answer: what this browser keeps comes from the save's.
    server.use(http.get('/v1/user/profile', () => new Promise<never>(() => {})));
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Theme updated successfully')).toBeTruthy();
    expect(puts).toEqual([{ body: { theme_id: 2, custom_theme: null }, bypass: 'true', cachedTime: null }]);
    // The profile kept in this browser has the saved theme (docs/product.md §3 and §7, user_profile).
    expect(JSON.parse(localStorage.getItem('user_profile')!)).toMatchObject({ theme_id: 2 });
    await waitFor(() => expect(localStorage.getItem('bypass_profile_cache')).toBeNull(), { timeout: 1500 });
  });

  // A bad phone network: the refetches after a save hang for seconds or fail. The theme is saved
  // by then, so the screen says so at once and keeps the editor, not the load error.
  it.each([
    ['hang', () => new Promise<never>(() => {})],
    ['fail with a proxy 502', () => noBody(502)],
  ])('a saved theme is said at once and the editor stays when the refetches after it %s', async (_, refetch) => {
    const user = userEvent.setup();
    serve(baseUser);
    renderScreen(<ThemesScreen />);
    expect(await screen.findByText('Current Theme')).toBeTruthy();
    server.use(http.get('/v1/user/themes', refetch), http.get('/v1/user/profile', refetch));
    await user.click(screen.getByRole('button', { name: /Midnight/ }));
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Theme updated successfully')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Current Theme')).toBeTruthy();
    expect(screen.queryByText(/Error loading themes/)).toBeNull();
  });

  it('refuses a custom theme whose text cannot be read, with the ratio and a colour that can', async () => {
    const user = userEvent.setup();
    const puts = serve(baseUser);
    renderScreen(<ThemesScreen />);
    await user.click(await screen.findByRole('button', { name: /Custom Theme/ }));
    // The walk-through's pair: #F3E8DC text on #FFF7ED, 1.1:1.
    for (const [label, value] of [
      ['Background Color', 'FFF7ED'],
      ['Text Color', 'F3E8DC'],
    ] as const) {
      await user.clear(colour(label));
      await user.type(colour(label), value);
      fireEvent.blur(colour(label));
    }
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Text on this background reads at 1.1:1; it needs at least 4.5:1 to be read.');
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Choose a text colour that can be read')).toBeTruthy();
    expect(puts).toEqual([]);

    // The suggested shade of the same colour reads, and then the theme saves.
    const suggestion = within(alert).getByRole('button', { name: /^Use #/ });
    const suggested = suggestion.textContent!.replace('Use ', '').toLowerCase();
    await user.click(suggestion);
    expect(colour('Text Color').value.toLowerCase()).toBe(suggested);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Custom theme updated successfully')).toBeTruthy();
    expect(puts.map((put) => (put.body as { custom_theme: { text_color: string } }).custom_theme.text_color)).toEqual([
      suggested,
    ]);
  });

  it("'Personalize colours and font' brings its fields into view and puts focus on the first", async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const user = userEvent.setup();
    serve({ ...baseUser, theme_id: 2, theme: themes[1]! });
    renderScreen(<ThemesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Personalize colours and font' }));
    expect(await screen.findByText('Custom theme enabled. You can now personalize your theme.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(colour('Background Color')));
    // The panel holding the fields is what was brought into view, not some other part of the page.
    expect(scrolled).toHaveLength(1);
    expect(within(scrolled[0] as HTMLElement).getByRole('heading', { name: 'Customize Theme' })).toBeTruthy();
    expect(scrolled[0]!.contains(colour('Background Color'))).toBe(true);
    scrollIntoView.mockRestore();
  });

  it('custom mode seeds from the preset, applies the blur rule and saves custom_theme alone', async () => {
    const user = userEvent.setup();
    const puts = serve({ ...baseUser, theme_id: 2, theme: themes[1]! });
    renderScreen(<ThemesScreen />);
    await user.click(await screen.findByRole('button', { name: /Custom Theme/ }));
    expect(await screen.findByText('Custom theme enabled. You can now personalize your theme.')).toBeTruthy();
    expect(screen.getByText('Using Custom Theme')).toBeTruthy();
    expect(colour('Background Color').value).toBe('#0f172a');

    await user.clear(colour('Accent Color'));
    await user.type(colour('Accent Color'), 'ff0000');
    fireEvent.blur(colour('Accent Color'));
    expect(colour('Accent Color').value).toBe('#ff0000');
    await user.clear(colour('Text Color'));
    await user.type(colour('Text Color'), 'not a colour');
    fireEvent.blur(colour('Text Color'));
    expect(colour('Text Color').value).toBe('#f8fafc');

    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    expect(await screen.findByText('Custom theme updated successfully')).toBeTruthy();
    expect(puts.map((put) => put.body)).toEqual([
      {
        custom_theme: {
          background_color: '#0f172a',
          text_color: '#f8fafc',
          accent_color: '#ff0000',
          font_family: 'Poppins, sans-serif',
          background_image: null,
        },
      },
    ]);
  });

  it('the live preview draws the card as visitors see it, legible on a light accent', async () => {
    const user = userEvent.setup();
    serve({ ...baseUser, theme_id: 2, theme: themes[1]! });
    renderScreen(<ThemesScreen />);
    await user.click(await screen.findByRole('button', { name: /Midnight/ }));
    // The card's own component and stylesheet, in the preview's shadow root.
    const card = () => {
      const root = previewRoot();
      expect(root.querySelector('style')!.textContent).toContain('.links a');
      return root.querySelector<HTMLElement>('.page')!;
    };
    const colourOf = (name: string) => card().style.getPropertyValue(name);
    expect(within(card()).getByRole('heading', { name: baseUser.name })).toBeInTheDocument();
    expect(within(card()).getByText(`@${baseUser.username}`)).toBeInTheDocument();
    expect(within(card()).getByText('Save contact')).toHaveClass('save');
    expect(colourOf('--bg')).toBe('#0f172a');
    expect(colourOf('--fg')).toBe('#f8fafc');
    // Midnight's sky-blue accent is already legible on its dark background, so small text keeps it.
    expect(colourOf('--ai')).toBe('#38bdf8');

    // Unsaved edits show at once, before anything is saved.
    await user.click(screen.getByRole('button', { name: /Custom Theme/ }));
    await user.clear(colour('Background Color'));
    await user.type(colour('Background Color'), '#ffffff');
    fireEvent.blur(colour('Background Color'));
    await user.clear(colour('Accent Color'));
    await user.type(colour('Accent Color'), '#fde047');
    fireEvent.blur(colour('Accent Color'));
    expect(colourOf('--bg')).toBe('#ffffff');
    expect(colourOf('--a')).toBe('#fde047');
    // A pale yellow on white would read at 1.3:1: small text takes a darker shade of it instead.
    expect(colourOf('--ai')).toMatch(/^#[0-9a-f]{6}$/);
    expect(colourOf('--ai')).not.toBe('#fde047');
  });

  it("the preview is the owner's own card: their bio and active links in order, sample links while they have none", async () => {
    const links: Link[] = [
      aLink({
        id: 7,
        title: 'Portfolio',
        url: 'https://jane.example/',
        icon: '/icons/website.svg',
        display_order: 2,
        is_active: true,
      }),
      aLink({
        id: 8,
        title: 'Old blog',
        url: 'https://old.example/',
        icon: '/icons/website.svg',
        display_order: 0,
        is_active: false,
      }),
      aLink({
        id: 9,
        title: 'Newsletter',
        url: 'https://news.example/',
        icon: '/icons/website.svg',
        display_order: 1,
        is_active: true,
      }),
    ];
    serve({ ...baseUser, bio: 'Designer in Lisbon' }, links);
    renderScreen(<ThemesScreen />);
    const preview = () => within(previewRoot() as unknown as HTMLElement);
    await waitFor(() =>
      expect(
        preview()
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Newsletter', 'Portfolio']),
    );
    expect(preview().getByText('Designer in Lisbon')).toBeInTheDocument();
    // Links in the preview do not report clicks: nothing a visitor did happened.
    expect(preview().getByRole('link', { name: 'Portfolio' }).getAttribute('ping')).toBeNull();
    cleanup();

    serve(baseUser, []);
    renderScreen(<ThemesScreen />);
    await screen.findByRole('img', { name: 'Card preview' });
    await waitFor(() =>
      expect(
        preview()
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['My Website', 'GitHub']),
    );
  });

  it('turning custom off and resetting to the selected preset', async () => {
    const user = userEvent.setup();
    serve({
      ...baseUser,
      custom_theme: {
        background_color: '#abcdef',
        text_color: '#000',
        accent_color: '#123456',
        font_family: 'Rubik, sans-serif',
      },
    });
    renderScreen(<ThemesScreen />);
    await screen.findByText('Using Custom Theme');
    expect(colour('Background Color').value).toBe('#abcdef');
    await user.click(screen.getByRole('button', { name: 'Reset to Selected' }));
    expect(await screen.findByText('Custom theme reset to match selected theme')).toBeTruthy();
    expect(colour('Background Color').value).toBe('#ffffff');
    await user.click(screen.getByRole('button', { name: /Custom Theme/ }));
    expect(await screen.findByText('Using regular theme. Custom theme disabled.')).toBeTruthy();
    expect(screen.queryByText('Using Custom Theme')).toBeNull();
    expect(screen.queryByLabelText('Background Color')).toBeNull();
  });

  it('sends nothing with no preset and custom mode off; Reset needs a preset', async () => {
    const user = userEvent.setup();
    const puts = serve({ ...baseUser, theme_id: null, theme: null });
    renderScreen(<ThemesScreen />);
    // Nothing to save: no save bar at all.
    await user.click(await screen.findByRole('button', { name: /Custom Theme/ }));
    await user.click(screen.getByRole('button', { name: /Custom Theme/ }));
    expect(screen.queryByRole('button', { name: 'Save Theme' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Custom Theme/ }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reset to Selected' }).disabled).toBe(true);
    expect(colour('Accent Color').value).toBe('#0066CC');
    expect(puts).toHaveLength(0);
  });

  it('colour blur rule', () => {
    expect(colourOnBlur('#abc', '#000000')).toBe('#abc');
    expect(colourOnBlur('a1b2c3', '#000000')).toBe('#a1b2c3');
    expect(colourOnBlur('fff', '#000000')).toBe('#fff');
    expect(colourOnBlur('#ggg', '#000000')).toBe('#000000');
    expect(colourOnBlur('red', '#123456')).toBe('#123456');
  });
});

describe('Theme Settings while a save is on its way', () => {
  it('a colour typed meanwhile stays as typed, still unsaved, and the next Save sends it', async () => {
    const user = userEvent.setup();
    const puts = serve({ ...baseUser, theme_id: 2, theme: themes[1]! });
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    // The first save is answered late; nothing returned, so the answer above follows.
    server.use(
      http.put(
        '/v1/user/profile/theme',
        async () => {
          await arrived;
        },
        { once: true },
      ),
    );
    renderScreen(<ThemesScreen />);
    await user.click(await screen.findByRole('button', { name: /Custom Theme/ }));
    await user.clear(colour('Accent Color'));
    await user.type(colour('Accent Color'), '#ff0000');
    fireEvent.blur(colour('Accent Color'));
    await user.click(screen.getByRole('button', { name: 'Save Theme' }));

    await user.clear(colour('Background Color'));
    await user.type(colour('Background Color'), '#123456');
    fireEvent.blur(colour('Background Color'));
    arrive();
    expect(await screen.findByText('Custom theme updated successfully')).toBeTruthy();
    expect(colour('Background Color').value).toBe('#123456');
    expect(colour('Accent Color').value).toBe('#ff0000');
    expect(puts.map((put) => (put.body as { custom_theme: CustomTheme }).custom_theme.background_color)).toEqual([
      '#0f172a',
    ]);

    await user.click(screen.getByRole('button', { name: 'Save Theme' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect((puts[1]!.body as { custom_theme: CustomTheme }).custom_theme).toMatchObject({
      background_color: '#123456',
      accent_color: '#ff0000',
    });
  });
});
