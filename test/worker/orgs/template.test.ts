import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { postForm } from '../images';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SELF } from 'cloudflare:test';
import { clientIp, ORIGIN } from '../helpers';
import { tokenFor, withToken } from '../token-helpers';
import { inviteToken, joinAs, newOrg, orgRows, type Account } from './org-helpers';

// The organisation's template and its field rules (docs/product.md §2, Organisations;
// docs/decisions/0105-org-templates.md): two organisations and an outsider.

let a: Awaited<ReturnType<typeof newOrg>>;
let b: Awaited<ReturnType<typeof newOrg>>;
let adminA: Account;
let memberA: Account;
let otherA: Account;
let outsider: Account;
let cardA: { id: string; username: string };
let cardOther: { id: string; username: string };

const SITE = { title: 'Acme', url: 'https://acme.example.com' };
const LINKEDIN = { title: 'Acme on LinkedIn', url: 'https://www.linkedin.com/company/acme' };

const template = (company: string, accent: string) => ({
  custom_theme: {
    background_color: '#fdf6e3',
    text_color: '#111111',
    accent_color: accent,
    font_family: 'Inter, sans-serif',
  },
  rules: { company: 'locked', job_title: 'required', pronouns: 'hidden', bio: 'optional' },
  locked_values: { company },
  required_links: [SITE, LINKEDIN],
});

const templateRow = () => env.DB.prepare('SELECT * FROM org_templates WHERE org_id = ?').bind(a.id).first();
const cardRow = (id: string) => env.DB.prepare('SELECT * FROM cards WHERE id = ?').bind(id).first();
const linkRows = (id: string) =>
  env.DB.prepare('SELECT * FROM links WHERE card_id = ? ORDER BY display_order, id')
    .bind(id)
    .all()
    .then((r) => r.results);
const auditLines = (orgId: string) =>
  env.DB.prepare("SELECT actor_id, subject FROM org_audit WHERE org_id = ? AND action = 'template.updated' ORDER BY id")
    .bind(orgId)
    .all<{ actor_id: string; subject: string }>()
    .then((r) => r.results);

beforeAll(async () => {
  [a, b, adminA, memberA, otherA, outsider] = await Promise.all([
    newOrg(),
    newOrg(),
    registerUser(),
    registerUser(),
    registerUser(),
    registerUser(),
  ]);
  await joinAs(a.id, a.owner, adminA);
  cardA = await joinAs(a.id, a.owner, memberA);
  cardOther = await joinAs(a.id, a.owner, otherA);
  const made = await api(`/v1/orgs/${a.id}/members/${adminA.id}`, {
    method: 'PUT',
    token: a.owner.token,
    json: { role: 'admin' },
  });
  expect(made.status).toBe(200);
  // Before any template: the member fills in what the template will hide, and adds a link.
  const filled = await postForm(`/v1/cards/${cardA.id}/profile/update`, memberA.token, {
    pronouns: 'she/her',
    job_title: 'Analyst',
  });
  expect(filled.status).toBe(200);
  const link = await api(`/v1/cards/${cardA.id}/links`, {
    method: 'POST',
    token: memberA.token,
    json: { title: 'My talk', url: 'https://talks.example.com/ada' },
  });
  expect(link.status).toBe(201);
}, 90_000);

describe('the organisation template', { timeout: 60_000 }, () => {
  it('is read by members, written by admins only, and unknown to anyone outside', async () => {
    const none = await api(`/v1/orgs/${a.id}/template`, { token: memberA.token });
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ org_id: a.id, org_name: 'Acme Ltd', version: 0, required_links: [] });
    expect(none.body.data.rules.company).toBe('optional');

    const before = { ...(await orgRows(a.id)), template: await templateRow() };
    for (const who of [outsider, b.owner]) {
      const read = await api(`/v1/orgs/${a.id}/template`, { token: who.token });
      expect(read.status).toBe(404);
      expect(read.body.message).toBe('Organisation not found');
      const write = await api(`/v1/orgs/${a.id}/template`, {
        method: 'PUT',
        token: who.token,
        json: template('Stolen Ltd', '#ff0000'),
      });
      expect(write.status).toBe(404);
    }
    const byMember = await api(`/v1/orgs/${a.id}/template`, {
      method: 'PUT',
      token: memberA.token,
      json: template('Members Ltd', '#ff0000'),
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe('Only the owner and admins of the organisation can do this');
    const anonymous = await api(`/v1/orgs/${a.id}/template`);
    expect(anonymous.status).toBe(401);
    expect({ ...(await orgRows(a.id)), template: await templateRow() }).toEqual(before);
  });

  it('refuses a bad template with the field named, and stores nothing', async () => {
    const before = { ...(await orgRows(a.id)), template: await templateRow() };
    const cases: [unknown, string, string][] = [
      [
        { rules: { company: 'secret' } },
        'rules.company',
        'The rule must be one of: locked, required, optional, hidden',
      ],
      [{ rules: { company: 'locked' } }, 'locked_values.company', 'A locked field needs the value every card shows'],
      [
        { locked_values: { company: 'Acme' } },
        'locked_values.company',
        'Only a locked field has a value set by the organisation',
      ],
      [
        { required_links: [{ title: 'Site', url: 'javascript:alert(1)' }] },
        'required_links.0.url',
        'Enter an https:// address',
      ],
      [{ rules: { shoe_size: 'locked' } }, 'rules', ''],
      [{ theme_id: 999999 }, 'theme_id', 'The selected theme does not exist'],
      [
        { custom_theme: { background_image: 'http://tracker.example.net/pixel.jpg' } },
        'custom_theme.background_image',
        'Background image must be an uploaded image or an https image URL',
      ],
      [
        { custom_theme: { accent_color: 'red' } },
        'custom_theme.accent_color',
        'Accent colour must be a colour like #RGB or #RRGGBB',
      ],
    ];
    for (const [json, field, message] of cases) {
      const res = await api(`/v1/orgs/${a.id}/template`, { method: 'PUT', token: a.owner.token, json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
      if (message) expect(res.body.errors[field]).toEqual([message]);
    }
    expect({ ...(await orgRows(a.id)), template: await templateRow() }).toEqual(before);
  });

  it('reaches every card at once: look, locked value, hidden field, required links, through the edge cache', async () => {
    // Each page is drawn and cached before the change.
    for (const card of [cardA, cardOther]) {
      for (let i = 0; i < 2; i++) expect((await api(`/p/${card.username}`)).status).toBe(200);
    }
    const page = await api(`/p/${cardA.username}`);
    expect(page.text).toContain('she/her');

    const saved = await api(`/v1/orgs/${a.id}/template`, {
      method: 'PUT',
      token: adminA.token,
      json: template('Acme Worldwide', '#0a7d5c'),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ version: 1, cards: 3, locked_values: { company: 'Acme Worldwide' } });
    expect(saved.body.data.rules).toMatchObject({ company: 'locked', job_title: 'required', pronouns: 'hidden' });
    expect(await auditLines(a.id)).toEqual([{ actor_id: adminA.id, subject: 'version 1' }]);

    for (const card of [cardA, cardOther]) {
      const html = (await api(`/p/${card.username}`)).text;
      expect(html).toContain('Acme Worldwide');
      expect(html).toContain('#0a7d5c');
      expect(html).not.toContain('she/her');
      const json = await api(`/v1/p/${card.username}`);
      expect(json.body.data.company).toBe('Acme Worldwide');
      expect(json.body.data.pronouns).toBe('');
      expect(json.body.data.custom_theme.accent_color).toBe('#0a7d5c');
      // The required links first, in the template's order; the member's own after them.
      expect(json.body.data.links.slice(0, 2).map((l: { url: string }) => l.url)).toEqual([SITE.url, LINKEDIN.url]);
      const vcard = (await api(`/p/${card.username}.vcf`)).text;
      expect(vcard).toContain('ORG:Acme Worldwide');
    }
    const own = await api(`/v1/p/${cardA.username}`);
    expect(own.body.data.links.map((l: { title: string }) => l.title)).toEqual([SITE.title, LINKEDIN.title, 'My talk']);
    // The member's editor is told which links are the organisation's.
    const mine = await api(`/v1/cards/${cardA.id}/links`, { token: memberA.token });
    expect(mine.body.data.map((l: { title: string; org_required?: true }) => [l.title, l.org_required])).toEqual([
      [SITE.title, true],
      [LINKEDIN.title, true],
      ['My talk', undefined],
    ]);
    // The member's pronouns are hidden, not lost.
    expect((await cardRow(cardA.id))!.pronouns).toBe('she/her');

    // A second change reaches the cached pages too, and the required links keep their ids.
    const linkIds = (await linkRows(cardA.id)).filter((l) => l.org_link !== null).map((l) => l.id);
    const again = await api(`/v1/orgs/${a.id}/template`, {
      method: 'PUT',
      token: a.owner.token,
      json: template('Acme Group', '#7c2d12'),
    });
    expect(again.status).toBe(200);
    for (const card of [cardA, cardOther]) {
      const html = (await api(`/p/${card.username}`)).text;
      expect(html).toContain('Acme Group');
      expect(html).toContain('#7c2d12');
      expect(html).not.toContain('Acme Worldwide');
    }
    expect((await linkRows(cardA.id)).filter((l) => l.org_link !== null).map((l) => l.id)).toEqual(linkIds);
    expect((await auditLines(a.id)).map((l) => l.subject)).toEqual(['version 1', 'version 2']);
    // The other organisation's cards know nothing of it.
    expect((await api(`/v1/orgs/${b.id}/template`, { token: b.owner.token })).body.data.version).toBe(0);
  });

  it('refuses a member’s change of a locked or hidden field with 403 naming it, and stores nothing', async () => {
    const before = { card: await cardRow(cardA.id), links: await linkRows(cardA.id) };
    const locked = await postForm(`/v1/cards/${cardA.id}/profile/update`, memberA.token, { company: 'My Own Ltd' });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe('Company is set by your organisation and cannot be changed');
    expect(locked.body.errors).toEqual({ company: ['Company is set by your organisation and cannot be changed'] });
    // Sent with another field, still nothing is written.
    const mixed = await postForm(`/v1/cards/${cardA.id}/profile/update`, memberA.token, {
      bio: 'New bio',
      pronouns: 'they/them',
    });
    expect(mixed.status).toBe(403);
    expect(mixed.body.message).toBe("Pronouns is hidden on your organisation's cards");
    const emptied = await postForm(`/v1/cards/${cardA.id}/profile/update`, memberA.token, { job_title: '' });
    expect(emptied.status).toBe(422);
    expect(emptied.body.errors).toEqual({ job_title: ['Job title is required by your organisation'] });
    const theme = await api(`/v1/cards/${cardA.id}/profile/theme`, {
      method: 'PUT',
      token: memberA.token,
      json: { custom_theme: { accent_color: '#000000' } },
    });
    expect(theme.status).toBe(403);
    expect(theme.body.message).toBe('The look of this card is set by your organisation and cannot be changed');
    const required = before.links.find((l) => l.org_link === 0)!;
    const changed = await api(`/v1/cards/${cardA.id}/links/${required.id}`, {
      method: 'PUT',
      token: memberA.token,
      json: { url: 'https://elsewhere.example.com' },
    });
    expect(changed.status).toBe(403);
    expect(changed.body.message).toBe('This link is required by your organisation and cannot be changed or removed');
    const removed = await api(`/v1/cards/${cardA.id}/links/${required.id}`, { method: 'DELETE', token: memberA.token });
    expect(removed.status).toBe(403);
    expect({ card: await cardRow(cardA.id), links: await linkRows(cardA.id) }).toEqual(before);

    // A field the template leaves open still saves; putting the member's link first keeps the required ones first.
    const open = await postForm(`/v1/cards/${cardA.id}/profile/update`, memberA.token, { bio: 'Counts engines' });
    expect(open.status).toBe(200);
    const ids = before.links.map((l) => l.id as number);
    const reordered = await api(`/v1/cards/${cardA.id}/links/order`, {
      method: 'PUT',
      token: memberA.token,
      json: { ids: [ids[2], ids[0], ids[1]] },
    });
    expect(reordered.status).toBe(200);
    const shown = await api(`/v1/p/${cardA.username}`);
    expect(shown.body.data.links.map((l: { title: string }) => l.title)).toEqual([
      SITE.title,
      LINKEDIN.title,
      'My talk',
    ]);
  });

  it('refuses the same through an API token and the MCP tools, which reach the same services', async () => {
    const before = { card: await cardRow(cardA.id), links: await linkRows(cardA.id) };
    const { secret } = await tokenFor(memberA, { scopes: ['cards:write', 'links:write', 'cards:read'] });
    const form = new FormData();
    form.set('company', 'Token Ltd');
    const byToken = await withToken(secret, `/v1/cards/${cardA.id}/profile/update`, { method: 'POST', body: form });
    expect(byToken.status).toBe(403);
    expect(byToken.body.message).toBe('Company is set by your organisation and cannot be changed');

    const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${secret}`, 'CF-Connecting-IP': clientIp() } },
      fetch: (url, init) => SELF.fetch(new Request(url, init)),
    });
    const client = new Client({ name: 'cardlink-test', version: '1.0.0' });
    await client.connect(transport);
    const tool = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      return { error: result.isError, text: result.content.map((p) => (p.type === 'text' ? p.text : '')).join('') };
    };
    expect(await tool('update_profile', { card_id: cardA.id, company: 'Assistant Ltd' })).toEqual({
      error: true,
      text: 'Company is set by your organisation and cannot be changed',
    });
    expect(await tool('update_profile', { card_id: cardA.id, pronouns: 'xe/xem' })).toEqual({
      error: true,
      text: "Pronouns is hidden on your organisation's cards",
    });
    await client.close();
    expect({ card: await cardRow(cardA.id), links: await linkRows(cardA.id) }).toEqual(before);
  });

  it('hidden links leave only the organisation’s, and links locked refuse a new one', async () => {
    const hideLinks = await api(`/v1/orgs/${a.id}/template`, {
      method: 'PUT',
      token: a.owner.token,
      json: { ...template('Acme Group', '#7c2d12'), rules: { company: 'locked', links: 'hidden', photo: 'locked' } },
    });
    expect(hideLinks.status).toBe(200);
    const shown = await api(`/v1/p/${cardA.username}`);
    expect(shown.body.data.links.map((l: { title: string }) => l.title)).toEqual([SITE.title, LINKEDIN.title]);
    // Unhidden by the same template's change, pronouns are back as the member left them.
    expect(shown.body.data.pronouns).toBe('she/her');
    const before = await linkRows(cardA.id);
    const added = await api(`/v1/cards/${cardA.id}/links`, {
      method: 'POST',
      token: memberA.token,
      json: { title: 'Another', url: 'https://another.example.com' },
    });
    expect(added.status).toBe(403);
    expect(added.body.message).toBe("Links is hidden on your organisation's cards");
    // An import adds links too: refused the same way.
    const imported = await api(`/v1/cards/${cardA.id}/links/import`, {
      method: 'POST',
      token: memberA.token,
      json: { links: [{ title: 'Imported', url: 'https://imported.example.com' }] },
    });
    expect(imported.status).toBe(403);
    expect(imported.body.errors).toEqual({ links: ["Links is hidden on your organisation's cards"] });
    const photo = await api(`/v1/cards/${cardA.id}/profile/avatar`, { method: 'DELETE', token: memberA.token });
    expect(photo.status).toBe(403);
    expect(photo.body.message).toBe('Photo is set by your organisation and cannot be changed');
    expect(await linkRows(cardA.id)).toEqual(before);
  });

  it('makes new invitations’ cards from the template', async () => {
    const email = `invitee-${Date.now().toString(36)}@example.com`;
    const invited = await api(`/v1/orgs/${a.id}/invitations`, {
      method: 'POST',
      token: a.owner.token,
      json: { emails: [email] },
    });
    expect(invited.status).toBe(201);
    expect(await inviteToken(email)).toBeTruthy();
    const card = await env.DB.prepare(
      'SELECT c.* FROM cards c JOIN org_invitations i ON i.card_id = c.id WHERE i.org_id = ? AND i.email = ?',
    )
      .bind(a.id, email)
      .first();
    expect(card).toMatchObject({ company: 'Acme Group', org_template_id: a.id });
    expect(JSON.parse(card!.custom_theme as string).accent_color).toBe('#7c2d12');
    expect((await linkRows(card!.id as string)).map((l) => [l.url, l.org_link])).toEqual([
      [SITE.url, 0],
      [LINKEDIN.url, 1],
    ]);
  });

  it('costs a personal card nothing: its changes save as before', async () => {
    const res = await postForm('/v1/user/profile/update', memberA.token, {
      company: 'My Own Ltd',
      pronouns: 'she/her',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.company).toBe('My Own Ltd');
  });
});

describe('the API reference', () => {
  it('lists the template’s paths', async () => {
    const res = await api('/v1/openapi.json');
    expect(res.status).toBe(200);
    const template = res.body.paths['/v1/orgs/{orgId}/template'];
    expect(Object.keys(template ?? {}).sort()).toEqual(['get', 'put']);
    expect(template.put.requestBody.content['application/json'].schema).toBeTruthy();
  });
});
