import { parse } from 'csv-parse/sync';
import { env } from 'cloudflare:test';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { orgContactsSchema } from '@shared/schemas/org-data';
import { api, registerUser } from '../helpers';
import { joinAs, newOrg } from './org-helpers';

// An organisation's contacts (docs/product.md, Organisations): the contacts visitors left on its
// work cards are the organisation's; the owner and admins read all of them, a member those of
// the card they hold, nobody else any; they stay with the card when its member goes.

const parseCsv = (text: string) => parse(text, { bom: true, record_delimiter: '\r\n' }) as string[][];

let seq = 0;
/** A contact as the form stores it (services/contacts/submit.ts), left on `cardId`, held by `holderId`. */
async function leaveContact(cardId: string, holderId: string, fields: { name: string; email?: string; note?: string }) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO contacts (id, user_id, card_id, name, email, phone, company, note, visitor, created_at)
     VALUES (?, ?, ?, ?, ?, '+44 20 7946 0958', 'Globex', ?, 'v', ?)`,
  )
    .bind(id, holderId, cardId, fields.name, fields.email ?? '', fields.note ?? '', Date.now() + seq++)
    .run();
  return id;
}

const list = (orgId: string, token: string, query = '') => api(`/v1/orgs/${orgId}/contacts${query}`, { token });
const names = (res: { body: unknown }) =>
  (res.body as { data: { contacts: { name: string }[] } }).data.contacts.map((c) => c.name).sort();
const auditActions = async (orgId: string) =>
  (
    await env.DB.prepare('SELECT action, actor_id, detail FROM org_audit WHERE org_id = ? ORDER BY id')
      .bind(orgId)
      .all<{ action: string; actor_id: string; detail: string }>()
  ).results.filter((row) => row.action === 'contacts.exported');

/** An organisation with an admin and two members, each member holding a work card with one contact. */
async function orgWithContacts() {
  const org = await newOrg();
  const [admin, ada, bob] = [await registerUser(), await registerUser(), await registerUser()];
  await joinAs(org.id, org.owner, admin);
  await api(`/v1/orgs/${org.id}/members/${admin.id}`, {
    method: 'PUT',
    token: org.owner.token,
    json: { role: 'admin' },
  });
  const adaCard = await joinAs(org.id, org.owner, ada);
  const bobCard = await joinAs(org.id, org.owner, bob);
  await leaveContact(adaCard.id, ada.id, {
    name: 'Grace Visitor',
    email: 'grace@example.com',
    note: 'Met, at the fair',
  });
  await leaveContact(bobCard.id, bob.id, { name: 'Linus Visitor', email: 'linus@example.com' });
  // Ada's personal card's contact stays hers alone.
  await leaveContact(ada.id, ada.id, { name: 'Private Friend', email: 'friend@example.com' });
  return { org, admin, ada, bob, adaCard, bobCard };
}

describe('organisation contacts', { timeout: 90_000 }, () => {
  it('the owner and admins see every work card’s contacts with its card and member; a member only their own', async () => {
    const { org, admin, ada, bob, adaCard } = await orgWithContacts();

    const owner = await list(org.id, org.owner.token);
    expect(owner.status).toBe(200);
    const data = orgContactsSchema.parse(owner.body.data);
    expect(data.scope).toBe('all');
    expect(data.total).toBe(2);
    expect(names(owner)).toEqual(['Grace Visitor', 'Linus Visitor']);
    expect(data.contacts.find((c) => c.name === 'Grace Visitor')).toMatchObject({
      email: 'grace@example.com',
      card: { id: adaCard.id, username: adaCard.username },
      member: { id: ada.id, email: ada.email },
    });
    expect(names(await list(org.id, admin.token))).toEqual(['Grace Visitor', 'Linus Visitor']);

    const own = await list(org.id, ada.token);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ scope: 'own', total: 1 });
    expect(names(own)).toEqual(['Grace Visitor']);
    expect(names(await list(org.id, bob.token))).toEqual(['Linus Visitor']);
    // Naming the other member's card narrows to nothing, never widens.
    expect(names(await list(org.id, bob.token, `?card=${adaCard.id}`))).toEqual([]);
    expect(names(await list(org.id, org.owner.token, `?card=${adaCard.id}`))).toEqual(['Grace Visitor']);
    // Search as the personal contacts' one: any field, case-insensitive; total stays all.
    const found = await list(org.id, org.owner.token, '?q=LINUS@');
    expect(names(found)).toEqual(['Linus Visitor']);
    expect(found.body.data.total).toBe(2);
  });

  it('another organisation’s people and outsiders get 404; bad queries 422; nothing is read', async () => {
    const { org } = await orgWithContacts();
    const other = await newOrg();
    const otherMember = await registerUser();
    await joinAs(other.id, other.owner, otherMember);
    const outsider = await registerUser();
    for (const who of [other.owner, otherMember, outsider]) {
      for (const path of ['', '/export.csv', '/export.vcf']) {
        const res = await api(`/v1/orgs/${org.id}/contacts${path}`, { token: who.token });
        expect(res.status, `${path} as ${who.email}`).toBe(404);
        expect(res.text).not.toContain('Visitor');
      }
    }
    expect((await api(`/v1/orgs/${org.id}/contacts`)).status).toBe(401);
    const twice = await list(org.id, org.owner.token, '?q=a&q=b');
    expect(twice.status).toBe(422);
    expect(JSON.stringify(twice.body)).toContain('Search must be text, given once');
    const long = await list(org.id, org.owner.token, `?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(422);
    expect(JSON.stringify(long.body)).toContain('Search is too long');
    expect(await auditActions(org.id)).toEqual([]);
  });

  it('CSV and vCard exports parse, hold what the account may read, and each writes an audit line', async () => {
    const { org, ada, adaCard } = await orgWithContacts();
    const csv = await api(`/v1/orgs/${org.id}/contacts/export.csv`, { token: org.owner.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('cache-control')).toContain('no-store');
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['Name', 'Email', 'Phone', 'Company', 'Note', 'Shared at', 'Card', 'Member']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['Grace Visitor', 'Linus Visitor']);
    const grace = rows.find((r) => r[0] === 'Grace Visitor')!;
    expect(grace.slice(1, 5)).toEqual(['grace@example.com', "'+44 20 7946 0958", 'Globex', 'Met, at the fair']);
    expect(grace.slice(6)).toEqual([adaCard.username, ada.email]);

    const vcf = await api(`/v1/orgs/${org.id}/contacts/export.vcf`, { token: ada.token });
    expect(vcf.status).toBe(200);
    expect(vcf.headers.get('content-type')).toContain('text/vcard');
    const parsed = ICAL.parse(vcf.text) as unknown[];
    // One contact: ical.js answers a single component for one card.
    const card = new ICAL.Component(parsed);
    expect(card.getFirstPropertyValue('fn')).toBe('Grace Visitor');
    expect(card.getFirstPropertyValue('note')).toBe('Met, at the fair');
    expect(vcf.text).not.toContain('Linus');
    expect(vcf.text).not.toContain('Private Friend');

    const lines = await auditActions(org.id);
    expect(lines.map((l) => [l.actor_id, JSON.parse(l.detail)])).toEqual([
      [org.owner.id, { format: 'csv', scope: 'all' }],
      [ada.id, { format: 'vcf', scope: 'own' }],
    ]);
  });

  it('personal cards’ contacts never appear in the organisation’s list or exports', async () => {
    const { org, ada } = await orgWithContacts();
    for (const token of [org.owner.token, ada.token]) {
      const res = await list(org.id, token, '?q=friend');
      expect(res.body.data.contacts).toEqual([]);
      const csv = await api(`/v1/orgs/${org.id}/contacts/export.csv`, { token });
      expect(csv.text).not.toContain('Private Friend');
    }
    // ...and stay in the member's personal contacts, as before.
    const personal = await api('/v1/user/contacts', { token: ada.token });
    expect(personal.body.data.contacts.map((c: { name: string }) => c.name)).toEqual(['Private Friend']);
  });

  it('removing a member keeps the contacts with the organisation and the former member reads them nowhere', async () => {
    const { org, admin, ada, adaCard } = await orgWithContacts();
    // Today's behaviour while a member: the work card's contacts under the card in their dashboard.
    const before = await api(`/v1/cards/${adaCard.id}/contacts`, { token: ada.token });
    expect(before.status).toBe(200);
    expect(before.body.data.contacts.map((c: { name: string }) => c.name)).toEqual(['Grace Visitor']);

    const removed = await api(`/v1/orgs/${org.id}/members/${ada.id}`, { method: 'DELETE', token: org.owner.token });
    expect(removed.status).toBe(200);

    const kept = await list(org.id, admin.token);
    expect(names(kept)).toEqual(['Grace Visitor', 'Linus Visitor']);
    // The card is the organisation's now: no member holds it.
    expect(kept.body.data.contacts.find((c: { name: string }) => c.name === 'Grace Visitor')).toMatchObject({
      card: { id: adaCard.id },
      member: null,
    });
    // The former member reads them nowhere: not the organisation's list, not under the card, not the exports.
    expect((await list(org.id, ada.token)).status).toBe(404);
    for (const path of ['contacts', 'contacts/export.csv', 'contacts/export.vcf']) {
      const res = await api(`/v1/cards/${adaCard.id}/${path}`, { token: ada.token });
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('Grace');
    }
    const personal = await api('/v1/user/contacts', { token: ada.token });
    expect(personal.body.data.contacts.map((c: { name: string }) => c.name)).toEqual(['Private Friend']);
    const exported = await api('/v1/user/contacts/export.csv', { token: ada.token });
    expect(exported.text).not.toContain('Grace');
  });

  it('contacts follow the card when it is reassigned: the successor sees them, the predecessor does not', async () => {
    const { org, ada, bob, adaCard } = await orgWithContacts();
    // A member who holds no work card yet (as an owner is after handing the organisation on).
    const carol = await registerUser();
    await env.DB.prepare("INSERT INTO org_members (org_id, user_id, role, joined_at) VALUES (?, ?, 'member', ?)")
      .bind(org.id, carol.id, Date.now())
      .run();
    expect((await list(org.id, carol.token)).body.data.contacts).toEqual([]);
    await api(`/v1/orgs/${org.id}/leave`, { method: 'POST', token: ada.token });
    const handed = await api(`/v1/orgs/${org.id}/cards/${adaCard.id}/reassign`, {
      method: 'POST',
      token: org.owner.token,
      json: { user_id: carol.id, name: 'Carol Successor' },
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    const mine = await list(org.id, carol.token);
    expect(names(mine)).toEqual(['Grace Visitor']);
    expect(mine.body.data.contacts[0]).toMatchObject({ card: { id: adaCard.id }, member: { id: carol.id } });
    expect(names(await list(org.id, bob.token))).toEqual(['Linus Visitor']);
    expect((await api(`/v1/cards/${adaCard.id}/contacts`, { token: ada.token })).status).toBe(404);
    expect(names(await list(org.id, org.owner.token))).toEqual(['Grace Visitor', 'Linus Visitor']);
  });
});
