import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inlineSql, offlineDb } from '../../../worker/db/render';
import { seedQueries } from '../../../worker/db/seed';
import { hashPassword } from '../../../worker/lib/hashing';
import { apiWith } from '../auth-helpers';

// Migration 0024 adds the link kinds' columns (decision 0101), 0025 the thumbnail's (decision 0100). On a database the previous release
// filled (a card with links of every sort: a platform, a website, mail, an inactive one), every
// row stays as it was, the new columns hold their defaults, the card, its vCard and the owner's
// list draw and read exactly as before, and the previous release's own inserts still land.

const DB = env.BEFORE_LINK_KINDS;
const MIGRATION = '0024_link_kinds.sql';
const PASSWORD = 'lantern-42-orbit';
const withDb = { DB };
const ada = { id: 'kinds-ada-0001', email: 'kinds-ada@example.com', username: 'kinds_ada' };
const NEW_COLUMNS = ['kind', 'display', 'starts_at', 'ends_at', 'highlight', 'sensitive', 'thumbnail_key'];

const rows = async (table: string) =>
  (await DB.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all<Record<string, unknown>>()).results;
/** Columns of later migrations (organisations' and their templates' on cards and links), which their own tests hold. */
const LATER_COLUMNS = ['org_id', 'paused_at', 'org_template_id', 'org_hidden', 'org_link', 'signature_layout'];
const withoutNew = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).filter(([column]) => !NEW_COLUMNS.includes(column) && !LATER_COLUMNS.includes(column)),
  );

async function fillAsThePreviousRelease() {
  const before = env.TEST_MIGRATIONS.filter((migration) => migration.name < MIGRATION);
  expect(before.length).toBeLessThan(env.TEST_MIGRATIONS.length);
  await applyD1Migrations(DB, before);
  await DB.batch(seedQueries(offlineDb).map((statement) => DB.prepare(inlineSql(statement))));
  await DB.batch([
    DB.prepare(
      'INSERT INTO users (id, email, password_hash, activated_at, created_at, updated_at) VALUES (?, ?, ?, 1, 1, 1)',
    ).bind(ada.id, ada.email, await hashPassword(PASSWORD)),
    DB.prepare(
      `INSERT INTO profiles (user_id, username, name, bio, template_id, created_at, updated_at)
       VALUES (?, ?, 'Ada Lovelace', 'Analyst of engines', 2, 10, 20)`,
    ).bind(ada.id, ada.username),
    ...[
      ['Instagram', 'https://instagram.com/ada', '/icons/instagram.svg', 1],
      ['Notes', 'https://ada.example.com/notes', '/icons/website.svg', 1],
      ['Email me', 'mailto:ada@example.com', '/icons/email.svg', 1],
      ['Old talk', 'https://ada.example.com/talk', '', 0],
    ].map(([title, url, icon, active], i) =>
      DB.prepare(
        `INSERT INTO links (user_id, title, url, icon, display_order, is_active, clicks, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 3, 40, 40)`,
      ).bind(ada.id, title, url, icon, i, active),
    ),
  ]);
}

describe('migrations 0024 and 0025: link kinds and thumbnails', { timeout: 60_000 }, () => {
  it('changes nothing a cardholder has or sees, and the previous release keeps writing', async () => {
    await fillAsThePreviousRelease();
    const tables = ['users', 'profiles', 'cards', 'links'];
    const before = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await rows(table)])));
    await applyD1Migrations(DB, env.TEST_MIGRATIONS);

    for (const table of tables) expect((await rows(table)).map(withoutNew), table).toEqual(before[table]);
    for (const link of await rows('links'))
      expect(NEW_COLUMNS.map((column) => link[column])).toEqual(['link', 'button', null, null, 0, 0, null]);

    // A visitor's answer has the links' shape of before, key for key, so the card's version (a
    // hash of it: its cached page, its Open Graph image's address) is what it was too.
    const answer = await apiWith(withDb, `/v1/p/${ada.username}`);
    expect(answer.body.data.links).toEqual(
      [
        ['Instagram', 'https://instagram.com/ada', '/icons/instagram.svg', 0],
        ['Notes', 'https://ada.example.com/notes', '/icons/website.svg', 1],
        ['Email me', 'mailto:ada@example.com', '/icons/email.svg', 2],
      ].map(([title, url, icon, order]) => ({ id: expect.any(Number), title, url, icon, display_order: order })),
    );
    // The card draws them as buttons in one list, as it did: no row, no section, no mark.
    const page = await apiWith(withDb, `/p/${ada.username}`);
    expect(page.status).toBe(200);
    const list = /<section aria-label="Links">(.*?)<\/section>/s.exec(page.text)?.[1] ?? '';
    expect(list.match(/<li>/g)).toHaveLength(3);
    expect(list).toMatch(
      /^<ul class="links" aria-label="Links"><li><a href="https:\/\/instagram.com\/ada" target="_blank" rel="noopener noreferrer" data-link-id="\d+" ping="\/v1\/link\/\d+\/click"><img/,
    );
    expect(page.text).not.toMatch(/class="(social|lh|hl)"|\/leaving\//);
    const vcard = (await apiWith(withDb, `/p/${ada.username}.vcf`)).text;
    expect(vcard).toContain('item1.URL:https://instagram.com/ada');
    expect(vcard).toContain('item2.URL:https://ada.example.com/notes');
    expect(vcard).toContain('EMAIL:ada@example.com');

    const signedIn = await apiWith(withDb, '/v1/auth/login', {
      method: 'POST',
      json: { email: ada.email, password: PASSWORD },
    });
    const token = signedIn.body.token as string;
    const own = await apiWith(withDb, '/v1/user/links', { token });
    expect(
      own.body.data.map((link: Record<string, unknown>) => [link.title, link.is_active, link.kind, link.display]),
    ).toEqual([
      ['Instagram', true, 'link', 'button'],
      ['Notes', true, 'link', 'button'],
      ['Email me', true, 'link', 'button'],
      ['Old talk', false, 'link', 'button'],
    ]);
    expect(own.body.data[0]).toMatchObject({
      starts_at: null,
      ends_at: null,
      highlight: false,
      sensitive: false,
      thumbnail_url: null,
    });

    // The previous release, still serving during the deploy, inserts as it did: its link lands as a plain button.
    await DB.prepare(
      `INSERT INTO links (user_id, title, url, icon, display_order, is_active, created_at, updated_at)
       VALUES (?, 'Latest', 'https://ada.example.com/latest', '', 9, 1, 50, 50)`,
    )
      .bind(ada.id)
      .run();
    const card = await apiWith(withDb, `/v1/p/${ada.username}`);
    expect(card.body.data.links.at(-1)).toEqual({
      id: expect.any(Number),
      title: 'Latest',
      url: 'https://ada.example.com/latest',
      icon: '',
      display_order: 9,
    });
  });
});
