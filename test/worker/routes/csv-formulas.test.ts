import { parse } from 'csv-parse/sync';
import { env, SELF } from 'cloudflare:test';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from '../../../worker/lib/csv';
import { ownerWithExchange, postContact } from '../contacts/contact-helpers';
import { api, registerUser, toRequest } from '../helpers';
import { countsOf } from '../services/events-helpers';

// Every CSV the product writes (contacts.csv, and the export's statistics/daily.csv,
// link-clicks.csv and breakdowns.csv) keeps text a spreadsheet would run as a formula as text: a
// cell that starts with = + - @, a tab or a carriage return gets a leading apostrophe (OWASP, CSV
// injection); numbers are never prefixed.

/** Each character a spreadsheet starts a formula with, first in a cell. */
const LEADERS = ['=', '+', '-', '@', '\t', '\r'] as const;
/** Text a person or a visitor could have typed, starting with `lead`. */
const formula = (lead: string) => `${lead}HYPERLINK("https://evil.example","Open")`;
/** How a spreadsheet reads the guarded cell back: the apostrophe, then the text as typed. */
const guarded = (lead: string) => `'${formula(lead)}`;

/** RFC 4180 as a spreadsheet reads it, by a parser that is not ours (csv-parse). */
const parseCsv = (text: string) => parse(text, { bom: true, record_delimiter: '\r\n' }) as string[][];

const DAY_MS = 86_400_000;

describe('a cell a spreadsheet would run as a formula', { timeout: 60_000 }, () => {
  it.each(LEADERS.map((lead) => [JSON.stringify(lead), lead]))('starting with %s is kept as text', (_, lead) => {
    expect(parseCsv(csvLine([formula(lead), 'plain'])).at(0)).toEqual([guarded(lead), 'plain']);
  });

  it('numbers stay numbers, negative and decimal ones too; digits typed as text are guarded', () => {
    expect([0, 42, -5, 3.5, -0.25].map((n) => csvField(n))).toEqual(['0', '42', '-5', '3.5', '-0.25']);
    expect(parseCsv(csvLine(['2026-01-02', 7, -1, 0]))).toEqual([['2026-01-02', '7', '-1', '0']]);
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('+1 555 0100')).toBe("'+1 555 0100");
  });

  it("contacts.csv: every field a visitor typed, whatever it starts with, and the form's own", async () => {
    const owner = await ownerWithExchange();
    // Through the card's form, as a visitor sends it (it trims a leading tab or line break).
    expect(
      (
        await postContact(owner.username, {
          name: '@ada',
          email: '-ada@example.com',
          phone: '+1 555 0100',
          company: '=Acme',
          note: '-call me',
          consent: 'yes',
        })
      ).status,
    ).toBe(201);
    // As rows stored before the form trimmed, or by any other way in: every leader in every field.
    const insert = env.DB.prepare(
      `INSERT INTO contacts (id, user_id, name, email, phone, company, note, visitor, created_at)
       VALUES (?1, ?2, ?3, ?3, ?3, ?3, ?3, ?4, ?5)`,
    );
    await env.DB.batch(
      LEADERS.map((lead, i) =>
        insert.bind(crypto.randomUUID(), owner.id, formula(lead), 'f'.repeat(32), Date.now() - 1000 * (i + 1)),
      ),
    );
    const csv = await api('/v1/user/contacts/export.csv', { token: owner.token });
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.text).slice(1);
    const typed = rows.find((row) => row[0] === "'@ada");
    expect(typed?.slice(0, 5)).toEqual(["'@ada", "'-ada@example.com", "'+1 555 0100", "'=Acme", "'-call me"]);
    for (const lead of LEADERS) {
      const row = rows.find((cells) => cells[0] === guarded(lead));
      expect(row?.slice(0, 5), JSON.stringify(lead)).toEqual(Array(5).fill(guarded(lead)));
      // The date the contact was shared stays a date.
      expect(row?.[5]).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
  });

  it("the export's statistics: link titles and breakdown names guarded, every count a number", async () => {
    const user = await registerUser();
    const today = Math.floor(Date.now() / DAY_MS);
    const counts = await countsOf(user.id);
    const ids: number[] = [];
    for (const lead of LEADERS) {
      // The API trims a leading tab or line break from a title; a stored one is written as it is.
      const res = await api('/v1/user/links', {
        method: 'POST',
        token: user.token,
        json: { title: `x${formula(lead)}`, url: 'https://example.com/' },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.link.id as number);
    }
    await env.DB.batch(
      LEADERS.map((lead, i) => env.DB.prepare('UPDATE links SET title = ?1 WHERE id = ?2').bind(formula(lead), ids[i])),
    );
    await counts.batch(
      LEADERS.flatMap((lead, i) => [
        counts
          .prepare('INSERT INTO daily_link_clicks (user_id, day, link_id, clicks) VALUES (?, ?, ?, ?)')
          .bind(user.id, today - 2, ids[i], i + 1),
        // A referrer or a campaign's name as the counting stored it (utm_source keeps '-').
        counts
          .prepare(
            "INSERT INTO daily_breakdowns (user_id, day, facet, name, views, clicks) VALUES (?, ?, 'referrer', ?, ?, 1)",
          )
          .bind(user.id, today - 2, formula(lead), i + 10),
      ]),
    );
    await counts
      .prepare('INSERT INTO daily_stats (user_id, day, views, clicks, visitors, clickers) VALUES (?, ?, 9, 6, 4, 3)')
      .bind(user.id, today - 2)
      .run();

    const res = await SELF.fetch(toRequest('/v1/user/export', { token: user.token }));
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const csv = (name: string) => parseCsv(strFromU8(files[`statistics/${name}`]!)).slice(1);

    const clicks = csv('link-clicks.csv');
    expect(clicks).toHaveLength(LEADERS.length);
    for (const [i, lead] of LEADERS.entries())
      expect(
        clicks.find((row) => row[1] === String(ids[i])),
        JSON.stringify(lead),
      ).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\d$/), String(ids[i]), guarded(lead), String(i + 1)]);

    const referrers = csv('breakdowns.csv').filter((row) => row[1] === 'referrer');
    for (const [i, lead] of LEADERS.entries())
      expect(
        referrers.find((row) => row[2] === guarded(lead)),
        JSON.stringify(lead),
      ).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\d$/), 'referrer', guarded(lead), String(i + 10), '1']);

    // The daily figures are dates and numbers only: none is prefixed.
    const daily = csv('daily.csv');
    expect(daily.length).toBeGreaterThanOrEqual(3);
    for (const row of daily) expect(row.join(','), 'a day of daily.csv').toMatch(/^\d{4}-\d\d(-\d\d)?(,\d+){4}$/);
    expect(daily[0]).toEqual([expect.any(String), '9', '4', '6', '3']);
  });
});
