// Button style and shape, background gradient and pattern of a theme (docs/product.md §2 and §3):
// saved in the custom theme, refused with the field's message, drawn by the card.
import { beforeAll, describe, expect, it } from 'vitest';
import { BUTTON_SHAPES, BUTTON_STYLES, GRADIENT_DIRECTIONS, PATTERNS } from '@shared/looks';
import { DESIGNED_THEMES } from '../../../worker/db/designed-themes';
import { SEED_THEMES } from '../../../worker/db/seed';
import { api, registerUser } from '../helpers';
import { profileRow } from '../images';
import { page } from '../page-helpers';

let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser(), registerUser()]);
});

const putTheme = (token: string | undefined, json: unknown) =>
  api('/v1/user/profile/theme', { method: 'PUT', token, json });

const colours = {
  background_color: '#fff7ed',
  text_color: '#431407',
  accent_color: '#c2410c',
  font_family: 'Poppins, sans-serif',
};
const looks = {
  button_style: 'outline',
  button_shape: 'pill',
  gradient_color: '#fed7aa',
  gradient_direction: 'diagonal',
  pattern: 'dots',
};

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** WCAG 2 contrast of two #RRGGBB colours, written out here apart from shared/colour.ts. */
function wcag(a: string, b: string) {
  const lum = (hex: string) => {
    const [r, g, b2] = channels(hex).map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `ink` at `alpha` painted over `base`, as the browser blends it. */
const over = (base: string, ink: string, alpha: number) => {
  const [b, i] = [channels(base), channels(ink)];
  return `#${b
    .map((c, k) =>
      Math.round(c + (i[k]! - c) * alpha)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
};

/** The card's classes and the custom properties on its <body>. */
async function drawn(username: string) {
  const { text } = await page(`/p/${username}`);
  const classes = /<main id="card" class="([^"]*)"/.exec(text)?.[1]?.split(' ') ?? [];
  const style = /<body style="([^"]*)"/.exec(text)?.[1]?.replace(/&quot;/g, '"') ?? '';
  const vars = Object.fromEntries(
    style.split(';').map((declaration) => {
      const at = declaration.indexOf(':');
      return [declaration.slice(0, at), declaration.slice(at + 1)];
    }),
  );
  return { classes, vars };
}

describe('PUT /v1/user/profile/theme with buttons, gradient and pattern', { timeout: 30_000 }, () => {
  it('saves them in the custom theme, answers them, and the card draws them', async () => {
    const res = await putTheme(alice.token, { custom_theme: { ...colours, ...looks } });
    expect(res.status).toBe(200);
    expect(res.body.data.custom_theme).toEqual({ ...colours, ...looks, background_image: null });
    expect(JSON.parse((await profileRow(alice.id))?.custom_theme as string)).toMatchObject(looks);
    expect((await api('/v1/user/profile', { token: alice.token })).body.data.custom_theme).toMatchObject(looks);

    const { classes, vars } = await drawn(alice.username);
    expect(classes).toEqual(expect.arrayContaining(['bt-outline', 'bs-pill']));
    expect(vars['--grad']).toBe('linear-gradient(135deg,#fff7ed,#fed7aa)');
    expect(vars['--pat']).toContain('radial-gradient(var(--pi)');
    // The pattern's ink is the text colour at a low alpha.
    expect(vars['--pi']).toMatch(/^#431407[0-9a-f]{2}$/);
    expect(parseInt(vars['--pi']!.slice(7), 16) / 255).toBeLessThanOrEqual(0.1);
  });

  it('takes every choice of each field', async () => {
    const user = await registerUser();
    const choices: [string, readonly string[]][] = [
      ['button_style', BUTTON_STYLES],
      ['button_shape', BUTTON_SHAPES],
      ['gradient_direction', GRADIENT_DIRECTIONS],
      ['pattern', PATTERNS],
    ];
    for (const [field, values] of choices)
      for (const value of values) {
        const res = await putTheme(user.token, {
          custom_theme: { ...colours, gradient_color: '#ffedd5', [field]: value },
        });
        expect(res.status, `${field} ${value}`).toBe(200);
        expect(res.body.data.custom_theme[field]).toBe(value);
      }
  });

  it('refuses a bad value with the field’s message, and nothing stored changes', async () => {
    expect((await putTheme(alice.token, { custom_theme: { ...colours, ...looks } })).status).toBe(200);
    const before = await profileRow(alice.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { button_style: 'glow' },
        'custom_theme.button_style',
        'Button style must be one of: tint; fill; outline; soft_shadow; hard_shadow',
      ],
      [{ button_style: 3 }, 'custom_theme.button_style', 'Button style must be one of:'],
      [{ button_shape: 'circle' }, 'custom_theme.button_shape', 'Button shape must be one of: square; rounded; pill'],
      [
        { gradient_color: 'orange' },
        'custom_theme.gradient_color',
        'Gradient colour must be a colour like #RGB or #RRGGBB, or null for none',
      ],
      [
        { gradient_color: 'red;}</style>' },
        'custom_theme.gradient_color',
        'Gradient colour must be a colour like #RGB or #RRGGBB, or null for none',
      ],
      [
        { gradient_direction: 'up' },
        'custom_theme.gradient_direction',
        'Gradient direction must be one of: down; diagonal; across; radial',
      ],
      [{ pattern: 'url(x)' }, 'custom_theme.pattern', 'Pattern must be one of: none; dots; grid; diagonal; waves'],
    ];
    for (const [bad, field, message] of cases) {
      const res = await putTheme(alice.token, { custom_theme: { ...colours, ...looks, ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.errors[field]?.[0], JSON.stringify(bad)).toContain(message);
    }
    expect(await profileRow(alice.id)).toEqual(before);
  });

  it("changes only the caller's card; anonymous gets 401", async () => {
    expect((await putTheme(bob.token, { theme_id: 1, custom_theme: null })).status).toBe(200);
    const bobBefore = await profileRow(bob.id);
    expect((await putTheme(alice.token, { custom_theme: { ...colours, button_style: 'fill' } })).status).toBe(200);
    expect(await profileRow(bob.id)).toEqual(bobBefore);
    const anonymous = await putTheme(undefined, { custom_theme: { ...colours, button_style: 'fill' } });
    expect(anonymous.status).toBe(401);
    expect(await profileRow(bob.id)).toEqual(bobBefore);
    expect((await drawn(bob.username)).classes).not.toContain('bt-fill');
  });

  it('draws a custom theme without them, and a preset of before, exactly as before: no class, no layer', async () => {
    const user = await registerUser();
    expect((await putTheme(user.token, { custom_theme: colours })).status).toBe(200);
    expect(JSON.parse((await profileRow(user.id))?.custom_theme as string)).toEqual({
      ...colours,
      background_image: null,
    });
    for (const body of [{ custom_theme: colours }, { theme_id: 2, custom_theme: null }]) {
      expect((await putTheme(user.token, body)).status).toBe(200);
      const { classes, vars } = await drawn(user.username);
      expect(classes.filter((name) => /^b[ts]-/.test(name))).toEqual([]);
      expect(Object.keys(vars)).toEqual(['--a', '--bg', '--fg', '--f', '--ai', '--oa', '--mu']);
    }
  });
});

describe('the designed presets', { timeout: 30_000 }, () => {
  it('are listed after the presets of before, which are answered as they were', async () => {
    const res = await api('/v1/user/themes', { token: alice.token });
    expect(res.status).toBe(200);
    const listed = res.body.data as Record<string, unknown>[];
    expect(listed.map((theme) => theme.id)).toEqual([...SEED_THEMES, ...DESIGNED_THEMES].map((theme) => theme.id));
    for (const theme of listed.slice(0, SEED_THEMES.length))
      expect(Object.keys(theme)).toEqual([
        'id',
        'name',
        'background_color',
        'text_color',
        'accent_color',
        'font_family',
        'background_image',
        'is_default',
      ]);
    const { gradient_color, gradient_direction, ...aurora } = DESIGNED_THEMES.find((theme) => theme.name === 'Aurora')!;
    expect(listed.find((theme) => theme.name === 'Aurora')).toEqual({ ...aurora, gradient_color, gradient_direction });
    expect(DESIGNED_THEMES.length).toBeGreaterThanOrEqual(8);
  });

  it.each(DESIGNED_THEMES)('$name draws its buttons and background on the card', async (theme) => {
    const user = await registerUser();
    expect((await putTheme(user.token, { theme_id: theme.id, custom_theme: null })).status).toBe(200);
    const { classes, vars } = await drawn(user.username);
    if (theme.button_style !== 'tint') expect(classes).toContain(`bt-${theme.button_style}`);
    if (theme.button_shape !== 'rounded') expect(classes).toContain(`bs-${theme.button_shape}`);
    expect(vars['--grad'] !== undefined).toBe(theme.gradient_color !== null);
    if (theme.gradient_color) expect(vars['--grad']).toContain(theme.gradient_color);
    expect(vars['--pat'] !== undefined).toBe(theme.pattern !== 'none');

    // Text, secondary text and small accent text read at 4.5:1 on both ends of the gradient and
    // where the pattern's ink crosses them; a filled button's text on the accent.
    const ends = [theme.background_color, theme.gradient_color ?? theme.background_color];
    const alpha = vars['--pi'] ? parseInt(vars['--pi'].slice(7), 16) / 255 : 0;
    const under = [...ends, ...ends.map((end) => over(end, theme.text_color, alpha))];
    for (const ink of [theme.text_color, vars['--ai']!, vars['--mu']!])
      for (const colour of under) expect(wcag(ink, colour), `${ink} on ${colour}`).toBeGreaterThanOrEqual(4.5);
    expect(wcag(vars['--oa']!, theme.accent_color)).toBeGreaterThanOrEqual(4.5);
  });
});
