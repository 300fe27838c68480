import { parse } from 'csv-parse/sync';
import { env } from 'cloudflare:test';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { contactsResponse } from '@shared/schemas/contacts';
import { statsSchema } from '@shared/schemas/stats';
import { api, registerUser } from '../helpers';
import { view, visitor } from '../services/events-helpers';
import { contactRows, GRACE, listContacts, ownerWithExchange, postContact } from './contact-helpers';

/** RFC 4180 as a spreadsheet reads it, by a parser that is not ours (csv-parse): quoted cells, doubled quotes, CRLF rows. */
const parseCsv = (text: string) => parse(text, { bom: true, record_delimiter: '\r\n' }) as string[][];

/** The VCARDs of a file: unfolded lines, one property map each. */
function parseVCards(text: string) {
  const unfolded = text.replace(/\r\n /g, '');
  return unfolded
    .split('END:VCARD')
    .filter((block) => block.includes('BEGIN:VCARD'))
    .map((block) => {
      const props: Record<string, string> = {};
      for (const line of block.split('\r\n').filter(Boolean)) {
        const at = line.indexOf(':');
        props[line.slice(0, at).split(';')[0] ?? ''] = line.slice(at + 1);
      }
      return props;
    });
}

const unescapeVCard = (value = '') => value.replace(/\\n/g, '\n').replace(/\\([,;\\])/g, '$1');

describe("the owner's contacts", { timeout: 30_000 }, () => {
  it('lists newest first, searches any field, and parses with the shared schema', async () => {
    const owner = await ownerWithExchange();
    await postContact(owner.username, GRACE);
    await postContact(owner.username, {
      name: 'Alan Turing',
      phone: '+44 1908 640404',
      company: 'Bletchley Park',
      consent: 'yes',
    });
    await postContact(owner.username, { name: 'Katherine 100%_done', email: 'kj@nasa.example', consent: 'yes' });
    const all = await listContacts(owner.token);
    expect(all.status).toBe(200);
    const data = contactsResponse.parse(all.body.data);
    expect(data.contacts.map((c) => c.name)).toEqual(['Katherine 100%_done', 'Alan Turing', 'Grace Hopper']);
    expect(data).toMatchObject({ total: 3, contact_exchange: true, notify: true });
    expect(all.headers.get('Cache-Control')).toBe('private, no-store');

    expect(
      (await listContacts(owner.token, 'bletchley')).body.data.contacts.map((c: { name: string }) => c.name),
    ).toEqual(['Alan Turing']);
    expect((await listContacts(owner.token, 'NASA')).body.data.contacts).toHaveLength(1);
    // LIKE's wildcards are searched for as text.
    expect((await listContacts(owner.token, '%_')).body.data.contacts.map((c: { name: string }) => c.name)).toEqual([
      'Katherine 100%_done',
    ]);
    expect((await listContacts(owner.token, 'nobody')).body.data).toMatchObject({ contacts: [], total: 3 });
  });

  it('exports CSV and vCard that read back as what visitors typed', async () => {
    const owner = await ownerWithExchange();
    await postContact(owner.username, GRACE);
    await postContact(owner.username, {
      name: '=HYPERLINK("x")',
      phone: '555 0100',
      note: 'Ünïcødé; commas, too',
      consent: 'yes',
    });

    const csv = await api('/v1/user/contacts/export.csv', { token: owner.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('Content-Disposition')).toBe('attachment; filename="contacts.csv"');
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['Name', 'Email', 'Phone', 'Company', 'Note', 'Shared at']);
    // A phone starts with '+', which a spreadsheet would compute: it is kept as text too.
    expect(rows[1]?.slice(0, 5)).toEqual([GRACE.name, GRACE.email, `'${GRACE.phone}`, GRACE.company, GRACE.note]);
    expect(Date.parse(rows[1]?.[5] ?? '')).toBeGreaterThan(0);
    // A cell that a spreadsheet would run as a formula is kept as text.
    expect(rows[2]?.slice(0, 5)).toEqual(['\'=HYPERLINK("x")', '', '555 0100', '', 'Ünïcødé; commas, too']);

    const vcf = await api('/v1/user/contacts/export.vcf', { token: owner.token });
    expect(vcf.status).toBe(200);
    expect(vcf.headers.get('Content-Type')).toBe('text/vcard; charset=utf-8');
    const cards = parseVCards(vcf.text);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toMatchObject({ VERSION: '4.0', FN: GRACE.name, EMAIL: GRACE.email, TEL: 'tel:+15550104477' });
    expect(unescapeVCard(cards[0]?.ORG)).toBe(GRACE.company);
    expect(unescapeVCard(cards[0]?.NOTE)).toBe(GRACE.note);
    expect(unescapeVCard(cards[1]?.NOTE)).toBe('Ünïcødé; commas, too');
    expect(vcf.text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });

  it('exports a vCard that an RFC 6350 reader (ical.js) reads back exactly, with no empty number', async () => {
    const owner = await ownerWithExchange();
    const typed = { name: 'Léa; "Lou", Back\\slash', company: 'Acme; Widgets, Ltd', note: 'One; two, three\nfour' };
    expect((await postContact(owner.username, { ...typed, email: 'lea@example.com', consent: 'yes' })).status).toBe(
      201,
    );
    // A number with no digit, as the form took it before it asked for digits: no number to save.
    await env.DB.prepare("UPDATE contacts SET phone = '()-' WHERE user_id = ?").bind(owner.id).run();
    const vcf = await api('/v1/user/contacts/export.vcf', { token: owner.token });
    const card = new ICAL.Component(ICAL.parse(vcf.text) as unknown[]);
    expect(card.getFirstPropertyValue('fn')).toBe(typed.name);
    expect(card.getFirstPropertyValue('n')).toEqual([typed.name, '', '', '', '']);
    expect(card.getFirstPropertyValue('org')).toBe(typed.company);
    expect(card.getFirstPropertyValue('note')).toBe(typed.note);
    expect(card.getAllProperties('tel')).toEqual([]);
  });

  it('deletes a contact; another user can neither see nor delete it', async () => {
    const owner = await ownerWithExchange();
    await postContact(owner.username, GRACE);
    const id = (await listContacts(owner.token)).body.data.contacts[0].id as string;
    const stranger = await registerUser();

    expect((await listContacts(stranger.token)).body.data.contacts).toEqual([]);
    const csv = await api('/v1/user/contacts/export.csv', { token: stranger.token });
    expect(csv.text).not.toContain('Grace');
    const theirs = await api(`/v1/user/contacts/${id}`, { method: 'DELETE', token: stranger.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Contact not found');
    expect(await contactRows(owner.id)).toHaveLength(1);
    expect((await api('/v1/user/contacts/not-a-uuid', { method: 'DELETE', token: owner.token })).status).toBe(404);

    const mine = await api(`/v1/user/contacts/${id}`, { method: 'DELETE', token: owner.token });
    expect(mine.status).toBe(200);
    expect(await contactRows(owner.id)).toEqual([]);
    expect((await api(`/v1/user/contacts/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
  });

  it("exports only the owner's contacts, in both files, when another owner has contacts too", async () => {
    const grace = await ownerWithExchange();
    const alan = await ownerWithExchange();
    await postContact(grace.username, GRACE);
    await postContact(alan.username, { name: 'Alan Turing', email: 'alan@bletchley.example', consent: 'yes' });
    for (const [owner, own, other] of [
      [grace, GRACE.email, 'alan@bletchley.example'],
      [alan, 'alan@bletchley.example', GRACE.email],
    ] as const) {
      for (const file of ['export.csv', 'export.vcf']) {
        const res = await api(`/v1/user/contacts/${file}`, { token: owner.token });
        expect(res.status).toBe(200);
        expect(res.text, file).toContain(own);
        expect(res.text, file).not.toContain(other);
      }
      const listed = (await listContacts(owner.token)).body.data.contacts as { email: string }[];
      expect(listed.map((c) => c.email)).toEqual([own]);
    }
  });

  it('answers 401 to anyone not signed in', async () => {
    for (const path of ['/v1/user/contacts', '/v1/user/contacts/export.csv', '/v1/user/contacts/export.vcf']) {
      expect((await api(path)).status).toBe(401);
    }
    const put = await api('/v1/user/contacts/settings', { method: 'PUT', json: { notify: false } });
    expect(put.status).toBe(401);
  });

  it('refuses a search given twice or too long with a plain message', async () => {
    const owner = await ownerWithExchange();
    const twice = await api('/v1/user/contacts?q=ann&q=bob', { token: owner.token });
    expect(twice.status).toBe(422);
    expect(twice.body).toEqual({
      success: false,
      message: 'Search must be text, given once',
      errors: { q: ['Search must be text, given once'] },
    });
    const long = await listContacts(owner.token, 'a'.repeat(101));
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ q: ['Search is too long'] });
  });

  it('refuses settings that are not a boolean, changing nothing', async () => {
    const owner = await ownerWithExchange();
    const res = await api('/v1/user/contacts/settings', { method: 'PUT', token: owner.token, json: { notify: 'no' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.notify).toEqual(['notify must be true or false']);
    expect((await listContacts(owner.token)).body.data.notify).toBe(true);
  });

  it('counts shared contacts in the statistics as a conversion, kept when a contact is deleted', async () => {
    const owner = await ownerWithExchange();
    const before = statsSchema.parse((await api('/v1/user/stats', { token: owner.token })).body.data);
    expect(before.contacts_submitted).toBe(0);
    await postContact(owner.username, GRACE);
    await postContact(owner.username, { name: 'Alan', email: 'alan@example.com', consent: 'yes' });
    const refused = await postContact(owner.username, { name: '' });
    expect(refused.status).toBe(422);
    const after = statsSchema.parse((await api('/v1/user/stats', { token: owner.token })).body.data);
    expect(after.contacts_submitted).toBe(2);
    // Two contacts from the one visitor the card had: side by side, and never a rate over 100 %.
    await view(owner.username, visitor(1));
    const seen = statsSchema.parse((await api('/v1/user/stats', { token: owner.token })).body.data);
    expect([seen.contacts_submitted, seen.unique_visitors, seen.contact_rate]).toEqual([2, 1, 100]);
    const id = (await listContacts(owner.token)).body.data.contacts[0].id as string;
    await api(`/v1/user/contacts/${id}`, { method: 'DELETE', token: owner.token });
    const kept = statsSchema.parse((await api('/v1/user/stats', { token: owner.token })).body.data);
    expect(kept.contacts_submitted).toBe(2);
  });

  it('goes with the account: deleting the user deletes its contacts and settings (foreign keys cascade)', async () => {
    const owner = await ownerWithExchange();
    await postContact(owner.username, GRACE);
    expect(await contactRows(owner.id)).toHaveLength(1);
    await env.DB.prepare('DELETE FROM users WHERE id = ?1').bind(owner.id).run();
    expect(await contactRows(owner.id)).toEqual([]);
    const settings = await env.DB.prepare('SELECT count(*) AS n FROM contact_settings WHERE user_id = ?1')
      .bind(owner.id)
      .first<{ n: number }>();
    expect(settings?.n).toBe(0);
  });
});
