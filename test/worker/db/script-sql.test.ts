import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inlineSql, offlineDb } from '../../../worker/db/render';
import { SEED_TEMPLATES, SEED_THEMES, seedQueries, templateThumbnailPath } from '../../../worker/db/seed';
import { deactivation } from '../../../worker/services/sign-out';
import { post, profileWith } from '../auth-helpers';
import { registerUser } from '../helpers';

// The scripts send the services' drizzle statements to `wrangler d1 execute` as SQL text with
// the values inlined (worker/db/render.ts): the same text, applied here, must do what they do.
const apply = (texts: string[]) => env.DB.batch(texts.map((text) => env.DB.prepare(text)));

describe('statements the scripts render to SQL text', { timeout: 30_000 }, () => {
  it('the seed (npm start, deploy) writes the catalogue, and again changes nothing', async () => {
    const texts = seedQueries(offlineDb).map(inlineSql);
    await apply(['DELETE FROM themes', 'DELETE FROM templates']);
    await apply(texts);
    await apply(texts);
    const themes = await env.DB.prepare('SELECT * FROM themes ORDER BY id').all();
    expect(themes.results).toEqual(
      SEED_THEMES.map((t) => ({
        id: t.id,
        name: t.name,
        background_color: t.background_color,
        text_color: t.text_color,
        accent_color: t.accent_color,
        font_family: t.font_family,
        background_image: t.background_image,
        is_default: t.is_default ? 1 : 0,
      })),
    );
    const templates = await env.DB.prepare('SELECT * FROM templates ORDER BY id').all();
    expect(templates.results).toEqual(
      SEED_TEMPLATES.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        thumbnail_url: templateThumbnailPath(t.slug),
        config: JSON.stringify(t.config),
      })),
    );
  });

  it("the seed inserts what is missing and never overwrites an operator's edit", async () => {
    const texts = seedQueries(offlineDb).map(inlineSql);
    await apply(texts);
    await apply([
      "UPDATE themes SET name = 'Classic Light (house colours)', accent_color = '#123456' WHERE id = 1",
      "UPDATE templates SET description = 'Edited by an operator.' WHERE id = 2",
      'DELETE FROM themes WHERE id = 3',
    ]);
    await apply(texts);
    const first = await env.DB.prepare('SELECT name, accent_color FROM themes WHERE id = 1').first();
    expect(first).toEqual({ name: 'Classic Light (house colours)', accent_color: '#123456' });
    const template = await env.DB.prepare('SELECT description FROM templates WHERE id = 2').first();
    expect(template).toEqual({ description: 'Edited by an operator.' });
    const restored = await env.DB.prepare('SELECT name FROM themes WHERE id = 3').first();
    expect(restored).toEqual({ name: SEED_THEMES.find((t) => t.id === 3)?.name });
    // Put the catalogue back as seeded for the files that share this storage.
    const seeded = { theme: SEED_THEMES[0]!, template: SEED_TEMPLATES[1]! };
    await env.DB.batch([
      env.DB.prepare('UPDATE themes SET name = ?1, accent_color = ?2 WHERE id = 1').bind(
        seeded.theme.name,
        seeded.theme.accent_color,
      ),
      env.DB.prepare('UPDATE templates SET description = ?1 WHERE id = 2').bind(seeded.template.description),
    ]);
  });

  it("admin's deactivate (npm run admin -- deactivate) signs the account out everywhere", async () => {
    const user = await registerUser();
    expect((await profileWith(user.token)).status).toBe(200);
    await apply(deactivation(offlineDb, user.id).map(inlineSql));
    const row = await env.DB.prepare('SELECT status, tokens_valid_after FROM users WHERE id = ?')
      .bind(user.id)
      .first<{ status: string; tokens_valid_after: number }>();
    expect(row?.status).toBe('pending');
    expect((await profileWith(user.token)).status).toBe(401);
    expect((await post('/v1/auth/refresh', { refresh_token: user.refreshToken })).status).toBe(401);
    const open = await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ? AND ended_at IS NULL')
      .bind(user.id)
      .first<{ n: number }>();
    expect(open?.n).toBe(0);
  });
});
