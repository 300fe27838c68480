import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inlineSql, offlineDb } from '../../../worker/db/render';
import { seedQueries } from '../../../worker/db/seed';
import { hashPassword } from '../../../worker/lib/hashing';
import { apiWith } from '../auth-helpers';

// The organisations' migration adds their tables and two columns of `cards` (org_id, paused_at),
// decision 0104. On a database the previous release filled (a card with its business fields and
// links), every row stays as it was, the card, its vCard and the owner's profile read exactly as
// before, the previous release's own inserts still land, and the account can make an organisation.

const DB = env.BEFORE_ORGANISATIONS;
const PASSWORD = 'lantern-42-orbit';
const withDb = { DB };
const ada = { id: 'orgs-ada-0001', email: 'orgs-ada@example.com', username: 'orgs_ada' };
const NEW_COLUMNS = ['org_id', 'paused_at'];
/** Columns of later migrations (the templates', 0028; a card's signature layout, 0030). */
const LATER_COLUMNS = ['org_template_id', 'org_hidden', 'org_link', 'signature_layout'];

const rows = async (table: string) =>
  (await DB.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all<Record<string, unknown>>()).results;
const withoutNew = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).filter(([column]) => !NEW_COLUMNS.includes(column) && !LATER_COLUMNS.includes(column)),
  );

const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith('_organisations.sql'))!;

async function fillAsThePreviousRelease() {
  const before = env.TEST_MIGRATIONS.filter((m) => m.name < migration.name);
  expect(before.length).toBeLessThan(env.TEST_MIGRATIONS.length);
  await applyD1Migrations(DB, before);
  await DB.batch(seedQueries(offlineDb).map((statement) => DB.prepare(inlineSql(statement))));
  await DB.batch([
    DB.prepare(
      'INSERT INTO users (id, email, password_hash, activated_at, created_at, updated_at) VALUES (?, ?, ?, 1, 1, 1)',
    ).bind(ada.id, ada.email, await hashPassword(PASSWORD)),
    DB.prepare(
      `INSERT INTO cards (id, user_id, is_primary, username, name, bio, job_title, company, phone, location, language, created_at, updated_at)
       VALUES (?, ?, 1, ?, 'Ada Lovelace', 'Analyst of engines', 'Analyst', 'Engines Ltd', '+442079460958', 'London', 'en', 10, 20)`,
    ).bind(ada.id, ada.id, ada.username),
    ...['https://ada.example.com/notes', 'https://ada.example.com/talk'].map((url, i) =>
      DB.prepare(
        `INSERT INTO links (user_id, card_id, title, url, display_order, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 40, 40)`,
      ).bind(ada.id, ada.id, `Link ${i}`, url, i),
    ),
  ]);
}

describe('migration: organisations', { timeout: 60_000 }, () => {
  it('changes nothing a cardholder has or sees, and the previous release keeps writing', async () => {
    await fillAsThePreviousRelease();
    const tables = ['users', 'profiles', 'cards', 'links'];
    const before = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await rows(table)])));
    await applyD1Migrations(DB, env.TEST_MIGRATIONS);

    for (const table of tables) expect((await rows(table)).map(withoutNew), table).toEqual(before[table]);
    for (const card of await rows('cards')) expect([card.org_id, card.paused_at]).toEqual([null, null]);
    // What visitors see is the card of before, field for field and link for link.
    const card = await apiWith(withDb, `/v1/p/${ada.username}`);
    expect(card.status).toBe(200);
    expect(card.body.data).toMatchObject({
      name: 'Ada Lovelace',
      bio: 'Analyst of engines',
      job_title: 'Analyst',
      company: 'Engines Ltd',
      phone: '+442079460958',
      location: 'London',
    });
    expect(card.body.data.links.map((link: { url: string }) => link.url)).toEqual([
      'https://ada.example.com/notes',
      'https://ada.example.com/talk',
    ]);
    const vcard = (await apiWith(withDb, `/p/${ada.username}.vcf`)).text;
    expect(vcard).toContain('FN:Ada Lovelace');
    expect(vcard).toContain('ORG:Engines Ltd');
    const page = await apiWith(withDb, `/p/${ada.username}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Ada Lovelace');

    // The previous release, still serving during the deploy, makes a card as it did: a personal one.
    await DB.prepare(
      `INSERT INTO cards (id, user_id, is_primary, username, name, language, created_at, updated_at)
       VALUES ('orgs-ada-0002', ?, 0, 'orgs_ada_two', 'Ada Two', 'en', 50, 50)`,
    )
      .bind(ada.id)
      .run();
    expect(await DB.prepare("SELECT org_id, paused_at FROM cards WHERE id = 'orgs-ada-0002'").first()).toEqual({
      org_id: null,
      paused_at: null,
    });

    // And the account of before makes an organisation.
    const signedIn = await apiWith(withDb, '/v1/auth/login', {
      method: 'POST',
      json: { email: ada.email, password: PASSWORD },
    });
    const token = signedIn.body.token as string;
    const org = await apiWith(withDb, '/v1/orgs', {
      method: 'POST',
      token,
      json: { name: 'Engines Ltd', slug: 'engines' },
    });
    expect(org.status).toBe(201);
    expect(org.body.data).toMatchObject({ role: 'owner', seats_used: 0 });
    const profile = await apiWith(withDb, '/v1/user/profile', { token });
    expect(profile.status).toBe(200);
    expect(profile.text).toContain('Ada Lovelace');
  });
});
