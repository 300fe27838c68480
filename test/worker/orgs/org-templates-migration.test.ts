import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inlineSql, offlineDb } from '../../../worker/db/render';
import { seedQueries } from '../../../worker/db/seed';
import { hashPassword } from '../../../worker/lib/hashing';
import { apiWith } from '../auth-helpers';

// Migration 0028 adds the organisations' templates (docs/decisions/0105-org-templates.md): a table,
// two columns of `cards` (org_template_id, org_hidden) and one of `links` (org_link). On a database
// the previous release filled (a personal card, an organisation with a work card, their links),
// every row stays as it was, both cards read exactly as before, the previous release's own inserts
// still land, and the organisation can then save a template its work card follows.

const DB = env.BEFORE_ORG_TEMPLATES;
const PASSWORD = 'lantern-42-orbit';
const withDb = { DB };
// With the later migrations' columns of the same tables (0030: a card's signature layout), which the
// run to the newest migration adds too.
const NEW_COLUMNS = ['org_template_id', 'org_hidden', 'org_link', 'signature_layout'];
const ada = { id: 'tpl-ada-0001', email: 'tpl-ada@example.com', username: 'tpl_ada' };
const org = { id: 'tpl-org-0001', holder: 'tpl-holder-0001', work: 'tpl-work-0001', username: 'tpl_ada_work' };

const rows = async (table: string) =>
  (await DB.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all<Record<string, unknown>>()).results;
const withoutNew = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([column]) => !NEW_COLUMNS.includes(column)));

const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith('_org_templates.sql'))!;

async function fillAsThePreviousRelease() {
  const before = env.TEST_MIGRATIONS.filter((m) => m.name < migration.name);
  expect(before.length).toBe(env.TEST_MIGRATIONS.indexOf(migration));
  await applyD1Migrations(DB, before);
  await DB.batch(seedQueries(offlineDb).map((statement) => DB.prepare(inlineSql(statement))));
  await DB.batch([
    DB.prepare(
      'INSERT INTO users (id, email, password_hash, activated_at, created_at, updated_at) VALUES (?, ?, ?, 1, 1, 1)',
    ).bind(ada.id, ada.email, await hashPassword(PASSWORD)),
    DB.prepare(
      "INSERT INTO users (id, email, password_hash, activated_at, created_at, updated_at) VALUES (?, 'org-tpl@organisations.invalid', '!', 1, 1, 1)",
    ).bind(org.holder),
    DB.prepare(
      "INSERT INTO organisations (id, name, slug, holder_id, created_at, updated_at) VALUES (?, 'Engines Ltd', 'engines-tpl', ?, 5, 5)",
    ).bind(org.id, org.holder),
    DB.prepare("INSERT INTO org_members (org_id, user_id, role, joined_at) VALUES (?, ?, 'owner', 5)").bind(
      org.id,
      ada.id,
    ),
    DB.prepare(
      `INSERT INTO cards (id, user_id, is_primary, username, name, bio, job_title, company, phone, pronouns, language, created_at, updated_at)
       VALUES (?, ?, 1, ?, 'Ada Lovelace', 'Analyst of engines', 'Analyst', 'Engines Ltd', '+442079460958', 'she/her', 'en', 10, 20)`,
    ).bind(ada.id, ada.id, ada.username),
    DB.prepare(
      `INSERT INTO cards (id, user_id, is_primary, username, name, job_title, company, pronouns, language, org_id, created_at, updated_at)
       VALUES (?, ?, 0, ?, 'Ada at Engines', 'Engineer', 'Engines Ltd', 'she/her', 'en', ?, 30, 30)`,
    ).bind(org.work, ada.id, org.username, org.id),
    ...[ada.id, org.work].flatMap((card, c) =>
      ['https://ada.example.com/notes', 'https://ada.example.com/talk'].map((url, i) =>
        DB.prepare(
          `INSERT INTO links (user_id, card_id, title, url, display_order, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 40, 40)`,
        ).bind(ada.id, card, `Link ${c}${i}`, url, i),
      ),
    ),
  ]);
}

describe('migration: organisation templates', { timeout: 60_000 }, () => {
  it('changes nothing a cardholder has or sees, and the previous release keeps writing', async () => {
    await fillAsThePreviousRelease();
    const tables = ['users', 'organisations', 'org_members', 'cards', 'links'];
    const before = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await rows(table)])));
    await applyD1Migrations(DB, env.TEST_MIGRATIONS);

    for (const table of tables) expect((await rows(table)).map(withoutNew), table).toEqual(before[table]);
    for (const card of await rows('cards'))
      expect([card.org_template_id, card.org_hidden, card.signature_layout]).toEqual([null, null, null]);
    for (const link of await rows('links')) expect(link.org_link).toBeNull();
    expect(await rows('org_templates')).toEqual([]);
    // What visitors see is the cards of before, field for field and link for link (the Worker of
    // this release reads only the migrated schema, so it is asked after).
    const personal = await apiWith(withDb, `/v1/p/${ada.username}`);
    expect(personal.body.data).toMatchObject({
      name: 'Ada Lovelace',
      bio: 'Analyst of engines',
      job_title: 'Analyst',
      company: 'Engines Ltd',
      phone: '+442079460958',
      pronouns: 'she/her',
    });
    const workBefore = await apiWith(withDb, `/v1/p/${org.username}`);
    expect(workBefore.body.data).toMatchObject({ name: 'Ada at Engines', company: 'Engines Ltd', pronouns: 'she/her' });
    for (const card of [personal, workBefore])
      expect(card.body.data.links.map((l: { url: string }) => l.url)).toEqual([
        'https://ada.example.com/notes',
        'https://ada.example.com/talk',
      ]);
    expect((await apiWith(withDb, `/p/${org.username}.vcf`)).text).toContain('ORG:Engines Ltd');

    // The previous release, still serving during the deploy, adds a link as it did.
    await DB.prepare(
      `INSERT INTO links (user_id, card_id, title, url, display_order, created_at, updated_at) VALUES (?, ?, 'Later', 'https://ada.example.com/later', 2, 50, 50)`,
    )
      .bind(ada.id, org.work)
      .run();
    expect(await DB.prepare("SELECT org_link FROM links WHERE title = 'Later'").first()).toEqual({ org_link: null });

    // And the organisation of before saves a template its work card follows; the personal card does not.
    const signedIn = await apiWith(withDb, '/v1/auth/login', {
      method: 'POST',
      json: { email: ada.email, password: PASSWORD },
    });
    const token = signedIn.body.token as string;
    const saved = await apiWith(withDb, `/v1/orgs/${org.id}/template`, {
      method: 'PUT',
      token,
      json: {
        rules: { company: 'locked', pronouns: 'hidden' },
        locked_values: { company: 'Engines Group' },
        required_links: [{ title: 'Engines', url: 'https://engines.example.com' }],
      },
    });
    expect(saved.status).toBe(200);
    const work = (await apiWith(withDb, `/v1/p/${org.username}`)).body.data;
    expect(work).toMatchObject({ company: 'Engines Group', pronouns: '' });
    expect(work.links.map((l: { url: string }) => l.url)).toEqual([
      'https://engines.example.com',
      'https://ada.example.com/notes',
      'https://ada.example.com/talk',
      'https://ada.example.com/later',
    ]);
    expect((await apiWith(withDb, `/v1/p/${ada.username}`)).body.data).toEqual(personal.body.data);
  });
});
