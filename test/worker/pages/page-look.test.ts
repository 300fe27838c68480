// The card's layout per template and its colours per theme (docs/product.md §2).
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_TEMPLATES, SEED_THEMES } from '../../../worker/db/seed';
import { api } from '../helpers';
import { createCard, insertCard, page, TEN_LINKS } from '../page-helpers';

type Card = Awaited<ReturnType<typeof createCard>>;

/** WCAG 2 contrast of two #RRGGBB colours, written out here independently of shared/colour.ts. */
function wcag(a: string, b: string) {
  const lum = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const cssVar = (html: string, name: string) => new RegExp(`${name}:(#[0-9a-f]{6})`).exec(html)?.[1] ?? '';

describe('templates and themes', { timeout: 30_000 }, () => {
  let card: Card;
  beforeAll(async () => {
    card = await createCard({ links: TEN_LINKS.slice(0, 3), avatar: true });
  }, 30_000);

  it.each(SEED_TEMPLATES)(
    'lays out the $name template ($config.layout, avatar $config.avatarPosition)',
    async (template) => {
      await api('/v1/user/profile/template', { method: 'PUT', token: card.token, json: { template_id: template.id } });
      const { text } = await page(`/p/${card.username}`);
      const main = /<main id="card" class="([^"]*)"/.exec(text)?.[1] ?? '';
      const layout = template.config.layout === 'single-column' ? 'one' : 'two';
      expect(main.split(' ')).toEqual(
        expect.arrayContaining(['card', layout, `pos-${template.config.avatarPosition}`]),
      );
      expect(text.includes('<div class="av"')).toBe(template.config.showAvatar);
      // The mirrored 4/8 grid: links on the left, who you are on the right.
      expect(text).toContain('.two.pos-right .wrap{grid-template-columns:8fr 4fr}.two.pos-right .who{order:2}');
      for (const link of TEN_LINKS.slice(0, 3)) expect(text).toContain(`<img src="${link.icon}"`);
    },
  );

  it('uses the 4/8 grid when the card has no template (docs/product.md: single column only when the template says so)', async () => {
    const bare = await insertCard();
    await env.DB.prepare('UPDATE profiles SET template_id = NULL, updated_at = updated_at + 1 WHERE user_id = ?')
      .bind(bare.id)
      .run();
    const { text } = await page(`/p/${bare.username}`);
    expect(text).toMatch(/<main id="card" class="card two /);
    expect(text).toContain('grid-template-columns:4fr 8fr');
  });

  it.each(SEED_THEMES)("paints the $name preset's colours and font", async (theme) => {
    await api('/v1/user/profile/theme', {
      method: 'PUT',
      token: card.token,
      json: { theme_id: theme.id, custom_theme: null },
    });
    const { text } = await page(`/p/${card.username}`);
    const family = theme.font_family.split(',')[0];
    expect(text).toContain(
      `<body style="--a:${theme.accent_color};--bg:${theme.background_color};--fg:${theme.text_color};--f:&quot;${family}&quot;,`,
    );
    expect(text).toContain(`data-accent="${theme.accent_color}"`);
    // The theme's font is served by this product, and never holds the paint back.
    const slug = family!.toLowerCase().replace(/\s+/g, '-');
    expect(text).toContain(`@font-face{font-family:"${family}";font-style:normal;font-weight:400;font-display:swap;`);
    expect(text).toContain(`src:url(/fonts/${slug}-400.woff2) format("woff2")}`);
    expect(text).toContain(`src:url(/fonts/${slug}-700.woff2) format("woff2")}`);
    expect(text.match(/@font-face/g)).toHaveLength(2);
    // Small text in the accent, text on an accent fill, and secondary text all read at 4.5:1.
    expect(wcag(cssVar(text, '--ai'), theme.background_color)).toBeGreaterThanOrEqual(4.5);
    expect(wcag(cssVar(text, '--mu'), theme.background_color)).toBeGreaterThanOrEqual(4.5);
    expect(wcag(cssVar(text, '--oa'), theme.accent_color)).toBeGreaterThanOrEqual(4.5);
  });

  it('lets the custom theme override the preset', async () => {
    const custom = {
      background_image: 'https://images.example/bg one.jpg',
      background_color: '#102030',
      text_color: '#fefefe',
      accent_color: '#ff00aa',
      font_family: 'Merriweather, serif',
    };
    const res = await api('/v1/user/profile/theme', {
      method: 'PUT',
      token: card.token,
      json: { theme_id: 2, custom_theme: custom },
    });
    expect(res.status).toBe(200);
    const { text } = await page(`/p/${card.username}`);
    expect(text).toContain('<body style="--a:#ff00aa;--bg:#102030;--fg:#fefefe;--f:&quot;Merriweather&quot;,Georgia');
    expect(text).not.toContain('#38bdf8');
    // An image from another host was never measured: the light text gets a veil of the background
    // colour over it, as over a white image (docs/decisions/0093).
    expect(text).toContain(';--img:url(&quot;https://images.example/bg%20one.jpg&quot;);--vl:linear-gradient(#102030');
  });

  it('falls back to accent #3b82f6 and background #ffffff without a theme', async () => {
    const bare = await insertCard();
    await env.DB.prepare(
      'UPDATE profiles SET theme_id = NULL, custom_theme = NULL, updated_at = updated_at + 1 WHERE user_id = ?',
    )
      .bind(bare.id)
      .run();
    const { text } = await page(`/p/${bare.username}`);
    expect(text).toContain('<body style="--a:#3b82f6;--bg:#ffffff;');
    // The fallback accent is kept as a fill; 'Save contact' and the like use a darker shade of it.
    expect(wcag(cssVar(text, '--ai'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(text).toMatch(/\.save\{[^}]*color:var\(--ai\)/);
  });

  it('never lets a stored value break out of CSS', async () => {
    const bare = await insertCard();
    const hostile = {
      background_color: 'red;}</style><script>alert(1)</script>',
      text_color: '#000',
      accent_color: 'url(javascript:x)',
      font_family: 'x;}body{display:none',
      background_image: 'javascript:alert(1)',
    };
    await env.DB.prepare('UPDATE profiles SET custom_theme = ?, updated_at = updated_at + 1 WHERE user_id = ?')
      .bind(JSON.stringify(hostile), bare.id)
      .run();
    const { text, status } = await page(`/p/${bare.username}`);
    expect(status).toBe(200);
    expect(text).not.toContain('alert(1)');
    // The card's own stylesheet hides things (the Share button without a script); the stored value never reaches it.
    expect(text).not.toContain('body{display:none');
    expect(text).toMatch(/<body style="--a:#[0-9a-f]+;--bg:#[0-9a-f]+;--fg:#000;--f:&quot;Inter&quot;/);
  });
});
