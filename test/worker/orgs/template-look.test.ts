import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, ORIGIN, registerUser } from '../helpers';
import { file, imageBytes, postForm } from '../images';
import { joinAs, newOrg, orgRows, type Account } from './org-helpers';

// The template's look and the e-mail signature's layout (docs/product.md §2, Organisations and
// Share; docs/decisions/0105-org-templates.md): a preset or the organisation's own colours, font,
// buttons and uploaded background, a layout, and the signature's layout every work card follows.

let org: Awaited<ReturnType<typeof newOrg>>;
let admin: Account;
let member: Account;
let outsider: Account;
let card: { id: string; username: string };

const cardRow = (id: string) =>
  env.DB.prepare('SELECT theme_id, custom_theme, template_id, signature_layout FROM cards WHERE id = ?')
    .bind(id)
    .first<{
      theme_id: number | null;
      custom_theme: string | null;
      template_id: number | null;
      signature_layout: string | null;
    }>();
const put = (who: Account, json: unknown) =>
  api(`/v1/orgs/${org.id}/template`, { method: 'PUT', token: who.token, json });
const firstId = async (table: 'themes' | 'templates') =>
  (await env.DB.prepare(`SELECT id FROM ${table} ORDER BY id LIMIT 1`).first<{ id: number }>())!.id;
const personalCard = async (who: Account) =>
  (await env.DB.prepare('SELECT id FROM cards WHERE user_id = ? AND org_id IS NULL')
    .bind(who.id)
    .first<{ id: string }>())!.id;

beforeAll(async () => {
  [org, admin, member, outsider] = await Promise.all([newOrg(), registerUser(), registerUser(), registerUser()]);
  await joinAs(org.id, org.owner, admin);
  card = await joinAs(org.id, org.owner, member);
  const made = await api(`/v1/orgs/${org.id}/members/${admin.id}`, {
    method: 'PUT',
    token: org.owner.token,
    json: { role: 'admin' },
  });
  expect(made.status).toBe(200);
});

describe('the template’s look and signature layout', () => {
  it('the owner saves a preset, a layout and a signature layout; every work card follows', async () => {
    const [themeId, layoutId] = [await firstId('themes'), await firstId('templates')];
    const res = await put(org.owner, { theme_id: themeId, template_id: layoutId, signature_layout: 'compact' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ theme_id: themeId, template_id: layoutId, signature_layout: 'compact' });
    expect(await cardRow(card.id)).toMatchObject({
      theme_id: themeId,
      custom_theme: null,
      template_id: layoutId,
      signature_layout: 'compact',
    });
    const read = await api(`/v1/orgs/${org.id}/template`, { token: member.token });
    expect(read.body.data.signature_layout).toBe('compact');
  });

  it('an admin saves the organisation’s own colours, font, buttons and uploaded background', async () => {
    const png = file(await imageBytes('png'), 'bg.png', 'image/png');
    const uploaded = await postForm(`/v1/orgs/${org.id}/template/background-image`, admin.token, {
      background_image: png,
    });
    expect(uploaded.status).toBe(200);
    const url = uploaded.body.data.background_image as string;
    expect(url.startsWith(`${ORIGIN}/media/backgrounds/`)).toBe(true);
    expect((await SELF.fetch(url)).status).toBe(200);
    const custom = {
      background_color: '#101820',
      text_color: '#fafafa',
      accent_color: '#f2aa4c',
      font_family: 'Merriweather, serif',
      button_style: 'outline',
      background_image: url,
    };
    const res = await put(admin, { custom_theme: custom, signature_layout: 'banner' });
    expect(res.status).toBe(200);
    const row = await cardRow(card.id);
    expect(JSON.parse(row!.custom_theme!)).toMatchObject(custom);
    expect(row!.signature_layout).toBe('banner');
  });

  it('refuses an unknown signature layout beside its field, and a member and an outsider', async () => {
    const before = await orgRows(org.id);
    const wrong = await put(org.owner, { signature_layout: 'poster' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.signature_layout[0]).toMatch(/standard, compact, banner/);
    expect((await put(member, { signature_layout: 'standard' })).status).toBe(403);
    expect((await put(outsider, { signature_layout: 'standard' })).status).toBe(404);
    const png = file(await imageBytes('png'), 'bg.png', 'image/png');
    expect(
      (await postForm(`/v1/orgs/${org.id}/template/background-image`, member.token, { background_image: png })).status,
    ).toBe(403);
    expect(
      (await postForm(`/v1/orgs/${org.id}/template/background-image`, outsider.token, { background_image: png }))
        .status,
    ).toBe(404);
    expect(await orgRows(org.id)).toEqual(before);
  });

  it('a member cannot change the layout the template sets on their work card: 403 naming it, nothing changed', async () => {
    const before = await cardRow(card.id);
    const res = await api(`/v1/cards/${card.id}/profile/signature-layout`, {
      method: 'PUT',
      token: member.token,
      json: { signature_layout: 'standard' },
    });
    expect(res.status).toBe(403);
    expect(res.body.errors.signature_layout).toEqual([
      'The signature layout is set by your organisation and cannot be changed',
    ]);
    expect(await cardRow(card.id)).toEqual(before);
  });

  it('a template that sets no signature layout leaves each work card its own', async () => {
    expect((await put(org.owner, { signature_layout: null })).status).toBe(200);
    const res = await api(`/v1/cards/${card.id}/profile/signature-layout`, {
      method: 'PUT',
      token: member.token,
      json: { signature_layout: 'standard' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.signature_layout).toBe('standard');
    expect((await cardRow(card.id))!.signature_layout).toBe('standard');
  });
});

describe('a card’s own signature layout', () => {
  it('is saved on the card and answered with the profile', async () => {
    const me = await registerUser();
    const res = await api('/v1/user/profile/signature-layout', {
      method: 'PUT',
      token: me.token,
      json: { signature_layout: 'banner' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.signature_layout).toBe('banner');
    expect((await cardRow(await personalCard(me)))!.signature_layout).toBe('banner');
    const wrong = await api('/v1/user/profile/signature-layout', {
      method: 'PUT',
      token: me.token,
      json: { signature_layout: 'poster' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.signature_layout).toBeDefined();
  });

  it('is refused on another account’s card, which keeps its own', async () => {
    const [me, other] = await Promise.all([registerUser(), registerUser()]);
    const theirs = await personalCard(other);
    const res = await api(`/v1/cards/${theirs}/profile/signature-layout`, {
      method: 'PUT',
      token: me.token,
      json: { signature_layout: 'compact' },
    });
    expect(res.status).toBe(404);
    expect((await cardRow(theirs))!.signature_layout).toBeNull();
  });
});
