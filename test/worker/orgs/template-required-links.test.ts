import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { memberUnderTemplate } from './org-helpers';

// A template that requires links (docs/product.md, Organisations): the member's work card keeps at
// least one active link of its own. Deleting or switching off the last one answers 422 naming
// `links`, and the link stays; headers, the organisation's own links and further links are as before.

const REQUIRED = 'Links is required by your organisation';

async function memberWithLinks(count: number) {
  const { org, member, card } = await memberUnderTemplate({
    rules: { links: 'required' },
    required_links: [{ title: 'Acme', url: 'https://acme.example.com' }],
  });
  const base = `/v1/cards/${card.id}/links`;
  const add = (json: Record<string, unknown>) => api(base, { method: 'POST', token: member.token, json });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await add({ title: `Own ${i}`, url: `https://own${i}.example.com` });
    expect(res.status).toBe(201);
    ids.push(res.body.link.id as number);
  }
  const header = await add({ kind: 'header', title: 'Elsewhere' });
  expect(header.status).toBe(201);
  const listed = async () =>
    (await api(base, { token: member.token })).body.data.map((l: { id: number; is_active: boolean }) => [
      l.id,
      l.is_active,
    ]);
  return { org, member, base, ids, header: header.body.link.id as number, listed };
}

describe('a template that requires links', () => {
  it("refuses to delete or switch off the card's last active link of its own, and changes nothing", async () => {
    const { member, base, ids, header, listed } = await memberWithLinks(2);
    const [first, last] = ids as [number, number];
    // One of two goes; the other is then the last.
    expect((await api(`${base}/${first}`, { method: 'DELETE', token: member.token })).status).toBe(200);
    const before = await listed();
    const deleted = await api(`${base}/${last}`, { method: 'DELETE', token: member.token });
    expect(deleted.status).toBe(422);
    expect(deleted.body.errors).toEqual({ links: [REQUIRED] });
    const off = await api(`${base}/${last}`, { method: 'PUT', token: member.token, json: { is_active: false } });
    expect(off.status).toBe(422);
    expect(off.body.message).toBe(REQUIRED);
    expect(await listed()).toEqual(before);
    // Its other changes, and the header, are the member's as before.
    const renamed = await api(`${base}/${last}`, { method: 'PUT', token: member.token, json: { title: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect((await api(`${base}/${header}`, { method: 'DELETE', token: member.token })).status).toBe(200);
  });

  it('lets the last one go once another is switched on again; a switched-off one does not count', async () => {
    const { member, base, ids } = await memberWithLinks(2);
    const [first, second] = ids as [number, number];
    expect(
      (await api(`${base}/${first}`, { method: 'PUT', token: member.token, json: { is_active: false } })).status,
    ).toBe(200);
    // The switched-off one keeps nothing on the card: the second is the last active one.
    expect((await api(`${base}/${second}`, { method: 'DELETE', token: member.token })).status).toBe(422);
    expect(
      (await api(`${base}/${first}`, { method: 'PUT', token: member.token, json: { is_active: true } })).status,
    ).toBe(200);
    expect((await api(`${base}/${second}`, { method: 'DELETE', token: member.token })).status).toBe(200);
  });

  it('another account cannot touch the card’s links at all (404), whatever the rule', async () => {
    const { base, ids } = await memberWithLinks(1);
    const outsider = await registerUser();
    const res = await api(`${base}/${ids[0]}`, { method: 'DELETE', token: outsider.token });
    expect(res.status).toBe(404);
  });
});
