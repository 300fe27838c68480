import { parse } from 'csv-parse/sync';
import { env, SELF } from 'cloudflare:test';
import ICAL from 'ical.js';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { registerUser, api, toRequest } from '../helpers';
import { file, imageBytes, postForm } from '../images';
import { click, countsOf, visitor } from '../services/events-helpers';
import { GRACE, ownerWithExchange, postContact } from '../contacts/contact-helpers';
import { tokenFor } from '../token-helpers';
import { newKey, receiverUrl, webhookFor } from '../webhook-helpers';

const DAY_MS = 86_400_000;

async function exportOf(token: string | undefined) {
  const res = await SELF.fetch(toRequest('/v1/user/export', { token }));
  return { res, files: res.status === 200 ? unzipSync(new Uint8Array(await res.arrayBuffer())) : {} };
}

describe('GET /v1/user/export', { timeout: 60_000 }, () => {
  it('holds every field and every day of statistics of a seeded card, and reads back', async () => {
    const user = await registerUser({ name: 'Ada Export' });
    const links = [];
    for (const [title, url] of [
      ['Site', 'https://example.com/'],
      ['=cmd, "quoted"', 'https://example.org/x'],
    ]) {
      links.push((await api('/v1/user/links', { method: 'POST', token: user.token, json: { title, url } })).body.link);
    }
    await postForm('/v1/user/profile/update', user.token, {
      name: user.name,
      username: user.username,
      bio: 'Hello, world',
      avatar: file(await imageBytes('png'), 'me.png', 'image/png'),
    });
    // Three days in the rollups (40 and 10 days ago, yesterday), and today still in the buffer.
    const today = Math.floor(Date.now() / DAY_MS);
    const counts = await countsOf(user.id);
    for (const [ago, views, visitors] of [
      [40, 5, 3],
      [10, 2, 2],
      [1, 7, 4],
    ] as const) {
      await counts
        .prepare('INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers) VALUES (?, ?, ?, 1, ?, 1)')
        .bind(user.id, today - ago, views, visitors)
        .run();
      await counts
        .prepare('INSERT INTO daily_link_clicks (user_id, day, link_id, clicks) VALUES (?, ?, ?, 1)')
        .bind(user.id, today - ago, links[1].id)
        .run();
      await counts
        .prepare(
          "INSERT INTO daily_breakdowns (user_id, day, facet, name, views, clicks) VALUES (?, ?, 'country', 'DE', ?, 1)",
        )
        .bind(user.id, today - ago, views)
        .run();
    }
    expect(await click(links[0].id, visitor(7))).toBe(204);

    const { res, files } = await exportOf(user.token);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    expect(res.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="cardlink-export-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(Object.keys(files).sort()).toEqual([
      'card.vcf',
      'contacts.csv',
      'contacts.vcf',
      'images/avatar.png',
      'links.json',
      'organisations.json',
      'profile.json',
      'statistics/breakdowns.csv',
      'statistics/daily.csv',
      'statistics/link-clicks.csv',
      'template.json',
      'theme.json',
      'tokens.json',
      'webhooks.json',
    ]);
    const profile = JSON.parse(strFromU8(files['profile.json']!));
    const stored = (await api('/v1/user/profile', { token: user.token })).body.data;
    for (const field of ['id', 'name', 'username', 'email', 'bio', 'is_active', 'status', 'avatar_url', 'created_at'])
      expect(profile[field], field).toEqual(stored[field]);
    const exported = JSON.parse(strFromU8(files['links.json']!));
    expect(exported.map((l: { title: string; url: string }) => [l.title, l.url])).toEqual([
      ['Site', 'https://example.com/'],
      ['=cmd, "quoted"', 'https://example.org/x'],
    ]);
    expect(JSON.parse(strFromU8(files['theme.json']!))).toHaveProperty('custom_theme');
    expect(JSON.parse(strFromU8(files['template.json']!))).toHaveProperty('template');
    expect(strFromU8(files['card.vcf']!)).toContain('FN:Ada Export');
    expect(files['images/avatar.png']!.length).toBeGreaterThan(50);

    // Each CSV opens in Excel as UTF-8 (a link title may be in any script): the byte order mark first.
    for (const name of ['statistics/daily.csv', 'statistics/link-clicks.csv', 'statistics/breakdowns.csv'])
      expect([...files[name]!.subarray(0, 3)], name).toEqual([0xef, 0xbb, 0xbf]);
    const daily = strFromU8(files['statistics/daily.csv']!).trim().split('\r\n');
    expect(daily[0]).toBe('date,views,unique_visitors,clicks,visitors_who_clicked');
    // Every day from the first counted one to today, once each.
    expect(daily.length - 1).toBe(41);
    const day = (ago: number) => new Date((today - ago) * DAY_MS).toISOString().slice(0, 10);
    expect(daily[1]).toBe(`${day(40)},5,3,1,1`);
    expect(daily).toContain(`${day(10)},2,2,1,1`);
    expect(daily).toContain(`${day(20)},0,0,0,0`);
    expect(daily.at(-1)).toBe(`${day(0)},0,1,1,1`);
    const clicks = strFromU8(files['statistics/link-clicks.csv']!).trim().split('\r\n');
    expect(clicks[0]).toBe('date,link_id,link_title,clicks');
    expect(clicks[1]).toBe(`${day(40)},${links[1].id},"'=cmd, ""quoted""",1`);
    expect(clicks.at(-1)).toBe(`${day(0)},${links[0].id},Site,1`);
    // Read back by a parser that is not ours, as a spreadsheet does: every row whole, the title's
    // comma and quotes inside its cell, the formula kept as text.
    const parsed = (name: string) => parse(strFromU8(files[name]!), { bom: true }) as string[][];
    expect(parsed('statistics/link-clicks.csv')[1]).toEqual([day(40), String(links[1].id), '\'=cmd, "quoted"', '1']);
    expect(parsed('statistics/daily.csv')).toHaveLength(42);
    expect(new Set(parsed('statistics/breakdowns.csv').map((row) => row.length)).size).toBe(1);
    const breakdowns = strFromU8(files['statistics/breakdowns.csv']!);
    expect(breakdowns).toContain(`${day(1)},country,DE,7,1`);
    expect(breakdowns).toContain(`${day(0)},device,`);
  });

  it('needs a signed-in user and holds nothing of another account', async () => {
    expect((await exportOf(undefined)).res.status).toBe(401);
    // Two accounts seeded alike: links, a photo, statistics in the rollups and in the buffer.
    const seed = async (name: string, marker: string) => {
      const user = await registerUser({ name });
      const link = (
        await api('/v1/user/links', {
          method: 'POST',
          token: user.token,
          json: { title: `${marker} link`, url: `https://${marker}.example/page` },
        })
      ).body.link as { id: number };
      await postForm('/v1/user/profile/update', user.token, {
        name,
        username: user.username,
        bio: `${marker} bio`,
        avatar: file(await imageBytes('png'), 'me.png', 'image/png'),
      });
      const day = Math.floor(Date.now() / DAY_MS) - 3;
      const counts = await countsOf(user.id);
      await counts.batch([
        counts
          .prepare(
            'INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers) VALUES (?, ?, 11, 1, 5, 1)',
          )
          .bind(user.id, day),
        counts
          .prepare('INSERT INTO daily_link_clicks (user_id, day, link_id, clicks) VALUES (?, ?, ?, 1)')
          .bind(user.id, day, link.id),
        counts
          .prepare(
            "INSERT INTO daily_breakdowns (user_id, day, facet, name, views, clicks) VALUES (?, ?, 'referrer', ?, 11, 1)",
          )
          .bind(user.id, day, `${marker}.example`),
      ]);
      expect(await click(link.id, visitor(marker.length))).toBe(204);
      return { ...user, linkId: link.id, marker };
    };
    const alice = await seed('Alice Other', 'alicemark');
    const bob = await seed('Bob Owner', 'bobmark');
    const text = (files: Record<string, Uint8Array>) =>
      Object.entries(files)
        .filter(([name]) => !name.startsWith('images/'))
        .map(([name, bytes]) => `${name}\n${strFromU8(bytes)}`)
        .join('\n');

    const mine = text((await exportOf(bob.token)).files);
    expect(mine).toContain('bobmark link');
    expect(mine).toContain('bobmark.example');
    for (const trace of [alice.id, alice.username, alice.email, alice.name, 'alicemark'])
      expect(mine, trace).not.toContain(trace);
    const clicks = strFromU8((await exportOf(bob.token)).files['statistics/link-clicks.csv']!)
      .trim()
      .split('\r\n');
    expect(clicks.slice(1).every((line) => line.split(',')[1] === String(bob.linkId))).toBe(true);
    const daily = strFromU8((await exportOf(bob.token)).files['statistics/daily.csv']!)
      .trim()
      .split('\r\n');
    // Bob's 11 views of the seeded day and today's buffered click, and nothing of Alice's.
    expect(daily.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBe(11);
    expect(daily.slice(1).reduce((sum, line) => sum + Number(line.split(',')[3]), 0)).toBe(2);
    // And the other way round.
    const hers = text((await exportOf(alice.token)).files);
    expect(hers).toContain('alicemark link');
    for (const trace of [bob.id, bob.username, bob.email, 'bobmark']) expect(hers, trace).not.toContain(trace);
  });

  it("holds the contacts visitors left, each card's in its own folder, read back by csv-parse and ical.js", async () => {
    const ada = await ownerWithExchange();
    const other = await ownerWithExchange();
    expect((await postContact(ada.username, GRACE)).status).toBe(201);
    expect(
      (await postContact(ada.username, { name: 'Alan Turing', email: 'alan@example.com', consent: 'yes' })).status,
    ).toBe(201);
    // A second card of Ada's, with a contact of its own; and one left on someone else's card.
    const second = `${ada.username.slice(0, 40)}-talks`;
    const made = await api('/v1/cards', {
      method: 'POST',
      token: ada.token,
      json: { username: second, name: 'Ada Talks' },
    });
    expect(made.status).toBe(201);
    const cardId = (made.body.data as { id: string }).id;
    const on = await postForm(`/v1/cards/${cardId}/profile/update`, ada.token, {
      name: 'Ada Talks',
      username: second,
      contact_exchange: '1',
    });
    expect(on.status).toBe(200);
    expect(
      (await postContact(second, { name: 'Katherine Johnson', phone: '+1 555 010 9999', consent: 'yes' })).status,
    ).toBe(201);
    expect(
      (await postContact(other.username, { name: 'Not Ada Visitor', email: 'nv@example.com', consent: 'yes' })).status,
    ).toBe(201);

    const { files } = await exportOf(ada.token);
    const rows = (name: string) =>
      parse(strFromU8(files[name]!), { bom: true, columns: true }) as Record<string, string>[];
    const primary = rows('contacts.csv');
    expect(primary.map((row) => row.Name)).toEqual(['Grace Hopper', 'Alan Turing']);
    // The visitor's note whole, its line break and quotes inside one cell; the phone guarded as text.
    expect(primary[0]).toMatchObject({ Email: GRACE.email, Company: GRACE.company, Note: GRACE.note });
    expect(primary[0]!.Phone).toMatch(/^'\+1/);
    expect(rows(`cards/${second}/contacts.csv`).map((row) => row.Name)).toEqual(['Katherine Johnson']);

    // ical.js answers one card as its jCal, several as a list of them.
    const vcards = (name: string) => {
      const parsed = ICAL.parse(strFromU8(files[name]!)) as unknown[];
      const all = typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[][]);
      return all.map((jcal) => new ICAL.Component(jcal).getFirstPropertyValue('fn'));
    };
    expect(vcards('contacts.vcf')).toEqual(['Grace Hopper', 'Alan Turing']);
    expect(vcards(`cards/${second}/contacts.vcf`)).toEqual(['Katherine Johnson']);
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(everything).not.toContain('Not Ada Visitor');
  });
});

describe('GET /v1/user/export: API tokens', { timeout: 60_000 }, () => {
  it('lists the account’s tokens by name, scopes and cards, never a secret or its hash; none of another account', async () => {
    const user = await registerUser();
    const other = await registerUser();
    const mine = await tokenFor(user, { name: 'Zapier', scopes: ['links:read', 'stats:read'], expires_in_days: null });
    const theirs = await tokenFor(other, { name: 'Theirs' });
    const { files } = await exportOf(user.token);
    const text = strFromU8(files['tokens.json']!);
    expect(JSON.parse(text)).toEqual([
      {
        id: mine.id,
        name: 'Zapier',
        scopes: ['links:read', 'stats:read'],
        cards: null,
        created_at: expect.any(String),
        expires_at: null,
        last_used_on: null,
        last_used_country: null,
      },
    ]);
    const [row] = (
      await env.DB.prepare('SELECT token_hash FROM api_tokens WHERE id = ?').bind(mine.id).all<{ token_hash: string }>()
    ).results;
    for (const secret of [mine.secret, row!.token_hash, theirs.id, 'Theirs']) expect(text).not.toContain(secret);
    // A token cannot take the export, whatever its scopes.
    expect((await exportOf(mine.secret)).res.status).toBe(403);
  });
});

describe('GET /v1/user/export: webhooks', { timeout: 60_000 }, () => {
  it('lists the account’s webhooks by URL, events and cards, never a signing secret; none of another account', async () => {
    const user = await registerUser();
    const other = await registerUser();
    const url = receiverUrl(newKey());
    const mine = await webhookFor(user.token, { url, events: ['contact.created', 'stats.daily'] });
    const theirs = await webhookFor(other.token, { url: receiverUrl(newKey()), events: ['link.created'] });
    const { files } = await exportOf(user.token);
    const text = strFromU8(files['webhooks.json']!);
    expect(JSON.parse(text)).toEqual([
      {
        id: mine.id,
        url,
        events: ['contact.created', 'stats.daily'],
        cards: null,
        created_at: expect.any(String),
        disabled_at: null,
        previous_secret_until: null,
      },
    ]);
    for (const secret of [mine.secret, theirs.secret, theirs.id]) expect(text).not.toContain(secret);
    expect(text).not.toContain('whsec_');
  });
});
