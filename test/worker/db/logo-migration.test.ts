import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inlineSql, offlineDb } from '../../../worker/db/render';
import { seedQueries } from '../../../worker/db/seed';
import { hashPassword } from '../../../worker/lib/hashing';
import { apiWith } from '../auth-helpers';
import { file, imageBytes, form } from '../images';

// Migration 0021 adds the company logo's columns to `cards`. On a database the previous release
// filled (an account with a photo, a cover, a theme, business lines, links and a second card),
// every row stays as it was, the new columns are empty, what an owner and a visitor see carries
// no logo and everything else, and the previous release's own writes (to `profiles`, kept in step
// by migration 0017's triggers, and to `cards` without the new columns) still land.

const DB = env.LOGO_PREVIOUS_RELEASE;
const LOGO_MIGRATION = '0021_company_logo.sql';
const PASSWORD = 'lantern-42-orbit';
const withDb = { DB };
const ada = { id: 'logo-ada-0001', email: 'logo-ada@example.com', username: 'logo_ada' };
const work = { id: 'logo-ada-work', username: 'logo_ada_work' };

const rows = async (table: string) =>
  (await DB.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all<Record<string, unknown>>()).results;
const withoutLogo = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([column]) => !column.startsWith('logo_')));
/** A row read after the migrations, in the columns it had before them (later releases add their own, tested by them). */
const asBefore = (row: Record<string, unknown>, was: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.keys(was ?? row).map((column) => [column, row[column]]));

async function fillAsThePreviousRelease() {
  const before = env.TEST_MIGRATIONS.filter((migration) => migration.name < LOGO_MIGRATION);
  expect(before.length).toBeGreaterThan(0);
  expect(before.length).toBeLessThan(env.TEST_MIGRATIONS.length);
  await applyD1Migrations(DB, before);
  await DB.batch(seedQueries(offlineDb).map((statement) => DB.prepare(inlineSql(statement))));
  const customTheme = JSON.stringify({ background_color: '#101820', text_color: '#f2f2f2', accent_color: '#fee715' });
  await DB.batch([
    DB.prepare(
      'INSERT INTO users (id, email, password_hash, activated_at, created_at, updated_at) VALUES (?, ?, ?, 1, 1, 1)',
    ).bind(ada.id, ada.email, await hashPassword(PASSWORD)),
    // The release before cards wrote `profiles`; 0017's trigger makes the card.
    DB.prepare(
      `INSERT INTO profiles (user_id, username, name, bio, job_title, company, phone, avatar_key, avatar_original,
        avatar_placeholder, cover_key, custom_theme, template_id, created_at, updated_at)
       VALUES (?, ?, 'Ada Lovelace', 'Analyst of engines', 'Engineer', 'Analytical Ltd', '+14155550123', ?, ?,
        'data:image/webp;base64,AAAA', ?, ?, 2, 10, 20)`,
    ).bind(
      ada.id,
      ada.username,
      `avatars/${'a'.repeat(32)}/${'b'.repeat(32)}`,
      `originals/${'a'.repeat(32)}/${'c'.repeat(64)}.jpg`,
      `covers/${'a'.repeat(32)}/${'d'.repeat(32)}`,
      customTheme,
    ),
    // The cards release wrote a second card straight into `cards`.
    DB.prepare(
      `INSERT INTO cards (id, user_id, is_primary, username, name, company, created_at, updated_at)
       VALUES (?, ?, 0, ?, 'Ada at Work', 'Engines Inc', 30, 30)`,
    ).bind(work.id, ada.id, work.username),
    ...['Portfolio', 'GitHub'].map((title, i) =>
      DB.prepare(
        `INSERT INTO links (user_id, title, url, icon, display_order, is_active, created_at, updated_at)
         VALUES (?, ?, ?, '', ?, 1, 40, 40)`,
      ).bind(ada.id, title, `https://example.com/${title.toLowerCase()}`, i),
    ),
  ]);
}

describe('migration 0021: the company logo', { timeout: 60_000 }, () => {
  it('changes nothing a cardholder has, and the previous release keeps writing', async () => {
    await fillAsThePreviousRelease();
    const tables = ['users', 'profiles', 'cards', 'links', 'contact_settings'];
    const before = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await rows(table)])));
    expect(before.cards).toHaveLength(2);

    await applyD1Migrations(DB, env.TEST_MIGRATIONS);

    for (const table of tables) {
      const after = await rows(table);
      expect(
        after.map((row, i) => asBefore(row, before[table][i])),
        table,
      ).toEqual(before[table]);
    }
    for (const card of await rows('cards'))
      expect([card.logo_key, card.logo_original, card.logo_placeholder]).toEqual([null, null, null]);

    // What a visitor and the owner see: everything as stored, and no logo.
    const card = await apiWith(withDb, `/v1/p/${ada.username}`);
    expect(card.status).toBe(200);
    expect(card.body.data).toMatchObject({
      name: 'Ada Lovelace',
      company: 'Analytical Ltd',
      job_title: 'Engineer',
      logo_url: null,
      links: [{ title: 'Portfolio' }, { title: 'GitHub' }],
    });
    expect(card.body.data.avatar_url).toContain(`/media/avatars/${'a'.repeat(32)}/${'b'.repeat(32)}/`);
    expect(card.body.data.custom_theme).toMatchObject({ background_color: '#101820' });
    const page = await apiWith(withDb, `/p/${ada.username}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Engineer · Analytical Ltd');
    expect(page.text).not.toContain('/media/logos/');
    expect((await apiWith(withDb, `/p/${ada.username}.vcf`)).text).toContain('ORG:Analytical Ltd');
    expect((await apiWith(withDb, `/v1/p/${work.username}`)).body.data).toMatchObject({
      company: 'Engines Inc',
      logo_url: null,
    });

    const signedIn = await apiWith(withDb, '/v1/auth/login', {
      method: 'POST',
      json: { email: ada.email, password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.token as string;
    const me = await apiWith(withDb, '/v1/user/profile', { token });
    expect(me.body.data).toMatchObject({ username: ada.username, company: 'Analytical Ltd', logo_url: null });

    // The previous release, still serving during the deploy, writes as it did; its writes land.
    await DB.prepare("UPDATE profiles SET company = 'Analytical Engines' WHERE user_id = ?").bind(ada.id).run();
    await DB.prepare(
      `INSERT INTO cards (id, user_id, is_primary, username, name, created_at, updated_at) VALUES (?, ?, 0, ?, 'Third', 50, 50)`,
    )
      .bind('logo-ada-third', ada.id, 'logo_ada_third')
      .run();
    expect((await apiWith(withDb, `/v1/p/${ada.username}`)).body.data.company).toBe('Analytical Engines');
    expect((await apiWith(withDb, '/v1/p/logo_ada_third')).body.data.logo_url).toBeNull();

    // And this release's logo lands on the card without disturbing the rows the previous release reads.
    const profileBefore = (await rows('profiles'))[0];
    const uploaded = await apiWith(withDb, '/v1/user/profile/logo', {
      method: 'POST',
      token,
      body: form({ logo: file(await imageBytes('png'), 'logo.png', 'image/png') }),
    });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data.logo_url).toMatch(/\/media\/logos\//);
    expect(withoutLogo((await rows('profiles'))[0]!)).toEqual({
      ...profileBefore,
      updated_at: (await rows('profiles'))[0]!.updated_at,
    });
  });
});
