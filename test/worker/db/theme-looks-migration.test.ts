import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DESIGNED_THEMES } from '../../../worker/db/designed-themes';
import { inlineSql, offlineDb } from '../../../worker/db/render';
import { seedQueries } from '../../../worker/db/seed';
import { apiWith } from '../auth-helpers';

// Migration 0019 (a theme's buttons, gradient and pattern; the designed presets) on a database the
// previous release filled: its catalogue, a preset an operator added under an id the migration
// would use, and cards on a preset, on that operator's preset and on a custom theme. Every preset
// and every card's choice stays as it was, each card draws as it did (no button class, no
// background layer), and the designed presets arrive beside them.

const DB = env.BEFORE_THEME_LOOKS;
const LOOKS_MIGRATION = '0019_theme_looks.sql';
const PREVIOUS_LAST_MIGRATION = '0018_account_language.sql';
const withDb = { DB };

const operatorPreset = {
  id: 12,
  name: 'Our Company',
  background_color: '#fafafa',
  text_color: '#222222',
  accent_color: '#aa0000',
  font_family: 'Rubik, sans-serif',
  background_image: null,
  is_default: 0,
};
const customTheme = {
  background_color: '#101820',
  text_color: '#f2f2f2',
  accent_color: '#fee715',
  font_family: 'Inter, sans-serif',
  background_image: 'https://images.example/bg.jpg',
};
const cards = [
  { id: 'looks-ann', username: 'looks_ann', theme: 3, custom: null },
  { id: 'looks-ben', username: 'looks_ben', theme: 12, custom: null },
  { id: 'looks-cat', username: 'looks_cat', theme: 2, custom: customTheme },
];

async function fillAsThePreviousRelease() {
  const before = env.TEST_MIGRATIONS.filter((migration) => migration.name < LOOKS_MIGRATION);
  expect(before.at(-1)?.name).toBe(PREVIOUS_LAST_MIGRATION);
  await applyD1Migrations(DB, before);
  await DB.prepare(
    `INSERT INTO themes (id, name, background_color, text_color, accent_color, font_family, background_image, is_default)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(...Object.values(operatorPreset))
    .run();
  await DB.batch(seedQueries(offlineDb).map((statement) => DB.prepare(inlineSql(statement))));
  await DB.batch(
    cards.flatMap((card) => [
      DB.prepare(
        'INSERT INTO users (id, email, password_hash, activated_at, created_at, updated_at) VALUES (?, ?, ?, 1, 1, 1)',
      ).bind(card.id, `${card.username}@example.com`, 'not-a-hash'),
      DB.prepare(
        `INSERT INTO cards (id, user_id, is_primary, username, name, language, theme_id, custom_theme, created_at, updated_at)
         VALUES (?, ?, 1, ?, 'Looks Person', 'en', ?, ?, 1, 1)`,
      ).bind(card.id, card.id, card.username, card.theme, card.custom ? JSON.stringify(card.custom) : null),
    ]),
  );
}

/** The card's classes and the names of the custom properties on its <body>. */
async function drawn(username: string) {
  const res = await apiWith(withDb, `/p/${username}`);
  expect(res.status).toBe(200);
  const text = res.text;
  return {
    classes: /<main id="card" class="([^"]*)"/.exec(text)?.[1]?.split(' ') ?? [],
    style: /<body style="([^"]*)"/.exec(text)?.[1] ?? '',
  };
}

describe('migration 0019: button styles, gradients, patterns and the designed presets', { timeout: 30_000 }, () => {
  it('keeps every preset and every card’s choice, draws each card as before, and adds the designed presets', async () => {
    await fillAsThePreviousRelease();
    const themesBefore = (await DB.prepare('SELECT * FROM themes ORDER BY id').all()).results;
    const cardsBefore = (await DB.prepare('SELECT id, theme_id, custom_theme, updated_at FROM cards ORDER BY id').all())
      .results;

    await applyD1Migrations(DB, env.TEST_MIGRATIONS);

    // Every row of before, as it was; the new columns empty (the look of before).
    const themesAfter = (await DB.prepare('SELECT * FROM themes ORDER BY id').all()).results;
    const nothingNew = {
      button_style: null,
      button_shape: null,
      gradient_color: null,
      gradient_direction: null,
      pattern: null,
    };
    for (const row of themesBefore) expect(themesAfter).toContainEqual({ ...row, ...nothingNew });
    expect(themesAfter.find((row) => row.id === 12)).toEqual({ ...operatorPreset, ...nothingNew });
    expect(
      (await DB.prepare('SELECT id, theme_id, custom_theme, updated_at FROM cards ORDER BY id').all()).results,
    ).toEqual(cardsBefore);

    // The designed presets, but for the id the operator's preset holds.
    const designed = DESIGNED_THEMES.filter((theme) => theme.id !== operatorPreset.id);
    for (const theme of designed)
      expect(themesAfter.find((row) => row.id === theme.id)).toEqual({ ...theme, is_default: 0 });
    expect(themesAfter).toHaveLength(themesBefore.length + designed.length);

    // Each card draws as before: its colours, no button class, no gradient or pattern layer.
    const expected: Record<string, string> = {
      looks_ann: '--a:#0891b2;--bg:#ecfeff;--fg:#164e63;',
      looks_ben: '--a:#aa0000;--bg:#fafafa;--fg:#222222;',
      looks_cat: '--a:#fee715;--bg:#101820;--fg:#f2f2f2;',
    };
    for (const card of cards) {
      const page = await drawn(card.username);
      expect(page.style.startsWith(expected[card.username]!), card.username).toBe(true);
      expect(page.style, card.username).not.toMatch(/--(grad|pat|pi|ps):/);
      expect(
        page.classes.filter((name) => /^b[ts]-/.test(name)),
        card.username,
      ).toEqual([]);
      if (card.custom) expect(page.style).toContain('--img:url(&quot;https://images.example/bg.jpg&quot;)');
    }
  });
});
