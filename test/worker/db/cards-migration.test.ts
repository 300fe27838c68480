import { applyD1Migrations, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { inlineSql, offlineDb } from '../../../worker/db/render';
import { seedQueries } from '../../../worker/db/seed';
import { hashPassword } from '../../../worker/lib/hashing';
import { countDatabase } from '../../../worker/lib/count-shards';
import { totpCode } from '../../../worker/lib/totp';
import { app } from '../../../worker/app';
import { LINK_KINDS_CSS, LOGO_CSS, PLAYER_CSS } from '@shared/card/card-css';
import { apiWith } from '../auth-helpers';
import { toRequest } from '../helpers';
import { readZip } from '../zip-reader';

// Migration 0017 (cards apart from accounts, docs/decisions/0091) on a database the previous
// release filled: accounts with links (one flagged, one hidden), photos, contacts, contact
// exchange, counts in a counting database other than the first, a second factor, a card taken
// down. What an owner and a visitor get (the public card and its JSON, the vCard, the statistics,
// the export, the profile, the links, the warning page of a flagged link) is the previous
// release's answer, byte for byte: the snapshot beside this file was recorded by the previous
// release's code reading the database before the migration, and the answers after it must match
// (days relative to today and the moment of the export aside).

const DB = env.PREVIOUS_RELEASE;
const CARD_MIGRATION = '0017_cards.sql';
const PREVIOUS_LAST_MIGRATION = '0016_theme_background.sql';
const DAY_MS = 86_400_000;
const PASSWORD = 'lantern-42-orbit';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const T0 = Date.UTC(2026, 9, 1, 9, 30);

const ada = { id: 'mig-ada-0001', email: 'mig-ada@example.com', username: 'mig_ada' };
const bob = { id: 'mig-bob-0002', email: 'mig-bob@example.com', username: 'mig_bob' };
const cy = { id: 'mig-cy-0003', email: 'mig-cy@example.com', username: 'mig_cy' };

const withDb = { DB };
const visitor = { headers: { 'User-Agent': CRAWLER } };

/** The database as the previous release left it: its migrations, its catalogue and its rows. */
async function fillAsThePreviousRelease() {
  const before = env.TEST_MIGRATIONS.filter((migration) => migration.name < CARD_MIGRATION);
  expect(before.at(-1)?.name).toBe(PREVIOUS_LAST_MIGRATION);
  await applyD1Migrations(DB, before);
  await DB.batch(seedQueries(offlineDb).map((statement) => DB.prepare(inlineSql(statement))));
  const hash = await hashPassword(PASSWORD);
  const today = Math.floor(Date.now() / DAY_MS);
  const at = (offset: number) => T0 + offset * 60_000;
  const customTheme = JSON.stringify({
    background_color: '#101820',
    text_color: '#f2f2f2',
    accent_color: '#fee715',
    font_family: 'Inter',
  });
  await DB.batch([
    ...[ada, bob, cy].map((user, i) =>
      DB.prepare(
        'INSERT INTO users (id, email, password_hash, activated_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).bind(user.id, user.email, hash, at(i), at(i), at(i)),
    ),
    DB.prepare(
      `INSERT INTO profiles (user_id, username, name, bio, job_title, company, phone, public_email, location,
        pronouns, language, avatar_key, avatar_original, avatar_placeholder, cover_key, theme_id, template_id,
        count_shard, views, created_at, updated_at)
       VALUES (?, ?, 'Ada Lovelace', 'Analyst of engines', 'Engineer', 'Analytical Ltd', '+14155550123',
        'ada@example.com', 'London', 'she/her', 'es', ?, ?, 'data:image/webp;base64,AAAA', ?, 3, 2, 1, 7, ?, ?)`,
    ).bind(
      ada.id,
      ada.username,
      `avatars/${ada.id}/a1b2c3d4`,
      `originals/${ada.id}/avatar-a1b2c3d4`,
      `covers/${ada.id}/e5f6a7b8`,
      at(10),
      at(20),
    ),
    DB.prepare(
      `INSERT INTO profiles (user_id, username, name, bio, custom_theme, template_id, created_at, updated_at)
       VALUES (?, ?, 'Bob Byte', 'Two factors', ?, 1, ?, ?)`,
    ).bind(bob.id, bob.username, customTheme, at(11), at(21)),
    DB.prepare(
      `INSERT INTO profiles (user_id, username, name, taken_down_at, takedown_reason, created_at, updated_at)
       VALUES (?, ?, 'Cy Taken', ?, 'Impersonation', ?, ?)`,
    ).bind(cy.id, cy.username, at(30), at(12), at(22)),
    ...[
      [ada.id, 'Portfolio', 'https://ada.example.com/', '', 0, 1, 3, null],
      [ada.id, 'GitHub', 'https://github.com/ada', 'github', 1, 1, 0, null],
      [ada.id, 'Draft', 'https://draft.example.com/', '', 2, 0, 0, null],
      [ada.id, 'Shop', 'https://shop.example.net/', '', 3, 1, 0, 'shop.example.net'],
      [bob.id, 'Blog', 'https://bob.example.org/', '', 0, 1, 0, null],
    ].map(([userId, title, url, icon, order, active, clicks, flaggedBy], i) =>
      DB.prepare(
        `INSERT INTO links (user_id, title, url, icon, display_order, is_active, clicks, flagged_at, flagged_by, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        userId,
        title,
        url,
        icon,
        order,
        active,
        clicks,
        flaggedBy ? at(40) : null,
        flaggedBy,
        at(41 + i),
        at(41 + i),
      ),
    ),
    DB.prepare('INSERT INTO contact_settings (user_id, exchange, notify, submitted) VALUES (?, 1, 0, 2)').bind(ada.id),
    ...[
      ['mig-contact-1', 'Grace Hopper', 'grace@example.com', '+12025550101', 'Navy', 'Met at the conference'],
      ['mig-contact-2', 'Alan Turing', '', '+441234567890', '', ''],
    ].map(([id, name, email, phone, company, note], i) =>
      DB.prepare(
        'INSERT INTO contacts (id, user_id, name, email, phone, company, note, visitor, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).bind(id, ada.id, name, email, phone, company, note, `visitor-${i}`, at(50 + i)),
    ),
    DB.prepare('INSERT INTO totp_factors (user_id, secret, confirmed_at, created_at) VALUES (?, ?, ?, ?)').bind(
      bob.id,
      TOTP_SECRET,
      at(60),
      at(60),
    ),
  ]);
  // Ada's card is counted in the counting database its profile names (1), not the first.
  const counts = countDatabase(env, 1);
  await counts.batch([
    ...[1, 3, 40].map((ago, i) =>
      counts
        .prepare(
          'INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers, last_view_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .bind(ada.id, today - ago, 10 + i, 4 + i, 6 + i, 2 + i, (today - ago) * DAY_MS + 3_600_000),
    ),
    counts
      .prepare('INSERT INTO daily_link_clicks (user_id, day, link_id, clicks) VALUES (?, ?, 1, 3), (?, ?, 2, 1)')
      .bind(ada.id, today - 1, ada.id, today - 3),
    counts
      .prepare(
        `INSERT INTO daily_breakdowns (user_id, day, facet, name, views, clicks) VALUES
         (?, ?, 'referrer', 'LinkedIn', 5, 1), (?, ?, 'country', 'GB', 8, 3), (?, ?, 'device', 'mobile', 9, 4)`,
      )
      .bind(ada.id, today - 1, ada.id, today - 1, ada.id, today - 3),
  ]);
}

async function signIn(user: { id: string; email: string }, secret?: string) {
  // A code works once: as if the 30 seconds since the last sign-in had passed.
  await DB.prepare('UPDATE totp_factors SET last_step = 0 WHERE user_id = ?').bind(user.id).run();
  const res = await apiWith(withDb, '/v1/auth/login', {
    method: 'POST',
    json: { email: user.email, password: PASSWORD },
  });
  if (!secret) return res.body.token as string;
  const second = await apiWith(withDb, '/v1/auth/login/second-factor', {
    method: 'POST',
    json: { mfa_token: res.body.mfa_token, code: totpCode(secret) },
  });
  return second.body.token as string;
}

/** The day the fixture's accounts, cards, links and contacts were made (T0 and minutes after). */
const T0_DAY = new Date(T0).toISOString().slice(0, 10);

/**
 * Today-relative days and the moment of the request out of an answer, so a snapshot holds on any
 * day; the fixture's own fixed day stays as written, as it is the same whatever the day.
 */
function steady(text: string) {
  const today = Math.floor(Date.now() / DAY_MS);
  return text
    .replace(/\b(\d{4}-\d{2}-\d{2})(T[\d:.]+Z)?/g, (whole, date: string, time?: string) => {
      if (date === T0_DAY) return whole;
      const offset = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS) - today;
      if (time && Math.abs(Date.parse(whole) - Date.now()) < 60_000) return 'NOW';
      return `day(${offset})${time ?? ''}`;
    })
    .replace(/nonce="[^"]+"/g, 'nonce="NONCE"');
}

/**
 * The answers without what later releases added beside the recorded fields (the account's own
 * language, `account_language`, in the profile and the export's profile.json; the company logo,
 * `logo_url`, only where it is null, as no card of before has one, and the card's rule that draws
 * it; the measured tones of a background, `background_tones`, null for every upload of before), so
 * the rest is held to the
 * recording byte for byte; the test checks the added fields' values itself.
 */
function asRecorded<T extends { body: unknown }>(answer: T): T {
  const strip = (text: string) =>
    text
      .replace(/"account_language":"[^"]*",/g, '')
      .replace(/\n *"account_language": "[^"]*",/g, '')
      .replace(/"logo_url":null,/g, '')
      .replace(LOGO_CSS, '')
      // Link kinds came after the recording (migration 0024): a link of before has their defaults.
      .replace(LINK_KINDS_CSS, '')
      .replace(PLAYER_CSS, '')
      .replace(
        /"kind":"link","display":"button","starts_at":null,"ends_at":null,"highlight":false,"sensitive":false,/g,
        '',
      )
      .replace(
        /\n *"kind": "link",\n *"display": "button",\n *"starts_at": null,\n *"ends_at": null,\n *"highlight": false,\n *"sensitive": false,/g,
        '',
      )
      // Link thumbnails came after it too (migration 0025): a link of before has none.
      .replace(/"thumbnail_url":null,/g, '')
      .replace(/\n *"thumbnail_url": null,/g, '')
      .replace(/\n *"logo_url": null,/g, '')
      .replace(/"background_tones":null,/g, '')
      .replace(/\n *"background_tones": null,/g, '')
      // A card's signature layout (migration 0030), null for every card of before, and the saves of
      // the contact, counted since (none before).
      .replace(/"signature_layout":null,/g, '')
      .replace(/\n *"signature_layout": null,/g, '')
      .replace(/"contact_saves":0,/g, '')
      .replace(/\n *"contact_saves": 0,/g, '');
  const body = answer.body;
  if (typeof body === 'string') return { ...answer, body: strip(body) };
  // The export's contacts (contacts.csv, contacts.vcf), API tokens (tokens.json), webhooks (webhooks.json) and
  // organisations (organisations.json) came after the recording too: the test reads them itself below.
  const later = ['tokens.json', 'webhooks.json', 'organisations.json'];
  const files = Object.entries(body as Record<string, string>)
    .filter(([name]) => !/(^|\/)contacts\.(csv|vcf)$/.test(name) && !later.includes(name))
    .map(([name, text]) => [name, strip(text)]);
  return { ...answer, body: Object.fromEntries(files) };
}

/** Everything a cardholder or a visitor of these cards gets, as text. */
async function answers() {
  const adaToken = await signIn(ada);
  const bobToken = await signIn(bob, TOTP_SECRET);
  const owner = (token: string, path: string) => apiWith(withDb, path, { token });
  const seen = async (path: string, token?: string) => {
    const ctx = createExecutionContext();
    const res = await app.request(toRequest(path, token ? { token } : visitor), undefined, { ...env, DB }, ctx);
    await waitOnExecutionContext(ctx);
    const type = res.headers.get('content-type');
    if (type !== 'application/zip') return { path, status: res.status, type, body: steady(await res.text()) };
    const files = await readZip(new Uint8Array(await res.arrayBuffer()));
    const decoder = new TextDecoder();
    const body = Object.fromEntries([...files].map(([name, bytes]) => [name, steady(decoder.decode(bytes))]));
    return { path, status: res.status, type, body };
  };
  const result = [];
  for (const [user, token] of [
    [ada, adaToken],
    [bob, bobToken],
  ] as const) {
    expect((await owner(token, '/v1/user/profile')).status).toBe(200);
    for (const path of [
      '/v1/user/profile',
      '/v1/user/links',
      '/v1/user/stats',
      '/v1/user/stats?range=7',
      '/v1/user/contacts',
      '/v1/user/export',
      '/v1/user/security',
    ])
      result.push({ user: user.username, ...(await seen(path, token)) });
  }
  for (const user of [ada, bob, cy])
    for (const path of [`/p/${user.username}`, `/v1/p/${user.username}`, `/p/${user.username}.vcf`])
      result.push({ user: user.username, ...(await seen(path)) });
  result.push({ user: ada.username, ...(await seen('/go/4')) });
  return result;
}

describe('migration 0017: cards apart from accounts', () => {
  it("keeps every card's page, vCard, statistics and export as the previous release answered them", async () => {
    await fillAsThePreviousRelease();
    await applyD1Migrations(DB, env.TEST_MIGRATIONS);
    const after = await answers();
    expect(after.filter((answer) => answer.status !== 200).map((answer) => answer.path)).toEqual([
      `/p/${cy.username}`,
      `/v1/p/${cy.username}`,
      `/p/${cy.username}.vcf`,
    ]);
    // Recorded by the previous release's code on the database before the migration (the commit
    // that added this file read `profiles`, and checked its answers after the migration equal).
    expect(after.map(asRecorded)).toMatchSnapshot('the previous release');
    // The contacts visitors left before the migration are in the export, as the Contacts screen lists them.
    const exported = after.find((answer) => answer.path === '/v1/user/export' && answer.user === ada.username);
    const csv = (exported?.body as Record<string, string>)['contacts.csv'] ?? '';
    expect(csv.split('\r\n').map((line) => line.split(',')[0])).toEqual(['Name', 'Grace Hopper', 'Alan Turing', '']);
    // API tokens came after (migration 0022): an account of before holds none, and its export says so.
    for (const answer of after.filter((answer) => answer.path === '/v1/user/export'))
      expect((answer.body as Record<string, string>)['tokens.json']).toBe('[]\n');
    // Webhooks came after too (migration 0023): none, and the export says so.
    for (const answer of after.filter((answer) => answer.path === '/v1/user/export'))
      expect((answer.body as Record<string, string>)['webhooks.json']).toBe('[]\n');
    // Organisations came after too (migration 0026): an account of before belongs to none.
    for (const answer of after.filter((answer) => answer.path === '/v1/user/export'))
      expect(JSON.parse((answer.body as Record<string, string>)['organisations.json'] ?? '{}').organisations).toEqual(
        [],
      );
    expect(await DB.prepare('SELECT count(*) AS n FROM api_tokens').first('n')).toBe(0);
    // An account of before has no language of its own: its dashboard's and e-mails' are its card's.
    const profiles = after.filter((answer) => answer.path === '/v1/user/profile');
    expect(profiles.map((answer) => [answer.user, JSON.parse(answer.body as string).data.account_language])).toEqual([
      [ada.username, 'es'],
      [bob.username, 'en'],
    ]);

    // Each account is now one card under its own id, primary, with its links, contacts and switches.
    const cards = await DB.prepare(
      'SELECT id, user_id, is_primary, username, language, count_shard, contact_exchange, contact_notify, contacts_submitted FROM cards ORDER BY id',
    ).all();
    expect(cards.results).toEqual([
      {
        id: ada.id,
        user_id: ada.id,
        is_primary: 1,
        username: ada.username,
        language: 'es',
        count_shard: 1,
        contact_exchange: 1,
        contact_notify: 0,
        contacts_submitted: 2,
      },
      {
        id: bob.id,
        user_id: bob.id,
        is_primary: 1,
        username: bob.username,
        language: 'en',
        count_shard: 0,
        contact_exchange: 0,
        contact_notify: 1,
        contacts_submitted: 0,
      },
      {
        id: cy.id,
        user_id: cy.id,
        is_primary: 1,
        username: cy.username,
        language: 'en',
        count_shard: 0,
        contact_exchange: 0,
        contact_notify: 1,
        contacts_submitted: 0,
      },
    ]);
    const orphans = await DB.prepare(
      `SELECT (SELECT count(*) FROM links WHERE card_id IS NOT user_id) + (SELECT count(*) FROM contacts WHERE card_id IS NOT user_id) AS n`,
    ).first<{ n: number }>();
    expect(orphans?.n).toBe(0);

    // The previous release, still serving during the deploy, writes what it knows: a sign-up, an
    // edit, a switch, a link. Each reaches the card; and the card's own writes reach `profiles`,
    // so a rollback to it shows the card as it is.
    const dee = { id: 'mig-dee-0004', email: 'mig-dee@example.com', username: 'mig_dee' };
    await DB.batch([
      DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, 'x')").bind(dee.id, dee.email),
      DB.prepare("INSERT INTO profiles (user_id, username, name) VALUES (?, ?, 'Dee')").bind(dee.id, dee.username),
      DB.prepare("UPDATE profiles SET bio = 'Edited during the deploy' WHERE user_id = ?").bind(bob.id),
      DB.prepare('INSERT INTO contact_settings (user_id, exchange) VALUES (?, 1)').bind(bob.id),
      DB.prepare("INSERT INTO links (user_id, title, url) VALUES (?, 'New', 'https://new.example.com/')").bind(dee.id),
      DB.prepare("UPDATE cards SET name = 'Ada King', contact_notify = 1 WHERE id = ?").bind(ada.id),
    ]);
    expect(
      (
        await DB.prepare(
          'SELECT id, is_primary, username, bio, contact_exchange FROM cards WHERE id IN (?, ?) ORDER BY id',
        )
          .bind(bob.id, dee.id)
          .all()
      ).results,
    ).toEqual([
      { id: bob.id, is_primary: 1, username: bob.username, bio: 'Edited during the deploy', contact_exchange: 1 },
      { id: dee.id, is_primary: 1, username: dee.username, bio: '', contact_exchange: 0 },
    ]);
    expect(await DB.prepare('SELECT card_id FROM links WHERE user_id = ?').bind(dee.id).first('card_id')).toBe(dee.id);
    expect(
      await DB.prepare(
        'SELECT p.name, s.notify FROM profiles p JOIN contact_settings s ON s.user_id = p.user_id WHERE p.user_id = ?',
      )
        .bind(ada.id)
        .first(),
    ).toEqual({ name: 'Ada King', notify: 1 });
  });
});
