import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, ORIGIN, registerUser } from '../helpers';
import { bucketKeys, file, imageBytes, postForm, setFilesOf } from '../images';
import { createDb } from '../../../worker/db/client';
import { replaceImage } from '../../../worker/services/media-write';
import { orgMediaOwner } from '../../../worker/services/orgs/template-logo';
import { joinAs, newOrg, type Account } from './org-helpers';

// The template's background image (docs/product.md §2, Organisations): stored in the
// organisation's own folder, deleted once no saved template and no work card names it, and with
// the organisation; a card's clean-up never takes it. Every assertion is on the organisation's own
// folder, which only this file writes.

type Org = Awaited<ReturnType<typeof newOrg>>;
let a: Org;
let b: Org;
let admin: Account;
let member: Account;
let other: Account;
let card: { id: string; username: string };
let otherCard: { id: string; username: string };

const uploadPath = (orgId: string) => `/v1/orgs/${orgId}/template/background-image`;
const upload = async (orgId: string, who: Account) =>
  postForm(uploadPath(orgId), who.token, { background_image: file(await imageBytes('png'), 'bg.png', 'image/png') });
/** Uploads one and answers its address. */
const uploaded = async (orgId: string, who: Account) => {
  const res = await upload(orgId, who);
  expect(res.status).toBe(200);
  return res.body.data.background_image as string;
};
const LOOK = {
  background_color: '#101820',
  text_color: '#fafafa',
  accent_color: '#f2aa4c',
  font_family: 'Inter, sans-serif',
};
const save = (orgId: string, who: Account, backgroundImage: string | null, extra: object = {}) =>
  api(`/v1/orgs/${orgId}/template`, {
    method: 'PUT',
    token: who.token,
    json: { custom_theme: { ...LOOK, background_image: backgroundImage }, ...extra },
  });
const setOf = (url: string) => /\/media\/(backgrounds\/[^/]+\/[0-9a-f]{32})\//.exec(url)![1]!;
const filesOf = (...urls: string[]) => urls.flatMap((url) => setFilesOf('background', setOf(url))).sort();
/** Every object of the organisation's background folders, the `org-` one and the one of before. */
const folderKeys = async (orgId: string) => {
  const owner = await orgMediaOwner(orgId);
  const before = owner.slice('org-'.length);
  return (await bucketKeys()).filter(
    (key) => key.startsWith(`backgrounds/${owner}/`) || key.startsWith(`backgrounds/${before}/`),
  );
};
const cardTheme = async (id: string) => {
  const row = await env.DB.prepare('SELECT custom_theme FROM cards WHERE id = ?')
    .bind(id)
    .first<{ custom_theme: string }>();
  return JSON.parse(row!.custom_theme) as { background_image: string | null };
};

beforeAll(async () => {
  [a, b, admin, member, other] = await Promise.all([
    newOrg(),
    newOrg(),
    registerUser(),
    registerUser(),
    registerUser(),
  ]);
  await joinAs(a.id, a.owner, admin);
  card = await joinAs(a.id, a.owner, member);
  otherCard = await joinAs(a.id, a.owner, other);
  const made = await api(`/v1/orgs/${a.id}/members/${admin.id}`, {
    method: 'PUT',
    token: a.owner.token,
    json: { role: 'admin' },
  });
  expect(made.status).toBe(200);
});

describe('the template’s background image', () => {
  it('is stored in the organisation’s own folder; another organisation’s admin, a member and an outsider cannot upload', async () => {
    const url = await uploaded(a.id, admin);
    const owner = await orgMediaOwner(a.id);
    expect(url).toMatch(new RegExp(`^${ORIGIN}/media/backgrounds/${owner}/[0-9a-f]{32}/\\d+\\.jpg$`));
    expect((await SELF.fetch(url)).status).toBe(200);
    expect(await folderKeys(a.id)).toEqual(filesOf(url));
    const keys = await bucketKeys();
    expect((await upload(a.id, b.owner)).status).toBe(404);
    expect((await upload(a.id, await registerUser())).status).toBe(404);
    expect((await upload(a.id, member)).status).toBe(403);
    expect(await bucketKeys()).toEqual(keys);
  });

  it('deletes an upload never saved at the next save, and the set a save replaces; the new one stays', async () => {
    const first = await uploaded(a.id, admin);
    expect((await save(a.id, admin, first)).status).toBe(200);
    // The upload of the test before was never saved: gone.
    expect(await folderKeys(a.id)).toEqual(filesOf(first));
    const second = await uploaded(a.id, a.owner);
    expect(await folderKeys(a.id)).toEqual(filesOf(first, second));
    expect((await save(a.id, a.owner, second)).status).toBe(200);
    expect(await folderKeys(a.id)).toEqual(filesOf(second));
    expect((await cardTheme(card.id)).background_image).toBe(second);
    expect((await SELF.fetch(second)).status).toBe(200);
    expect((await SELF.fetch(first)).status).toBe(404);

    // Uploaded, then a save of the rules alone: the stored background stays, the upload goes.
    const unsaved = await uploaded(a.id, admin);
    expect((await save(a.id, admin, second, { rules: { bio: 'hidden' } })).status).toBe(200);
    expect(await folderKeys(a.id)).toEqual(filesOf(second));
    expect((await SELF.fetch(unsaved)).status).toBe(404);
  });

  it('never lets a member’s theme change, a deleted card or a card’s clean-up take it', async () => {
    const url = (await cardTheme(card.id)).background_image!;
    const files = await folderKeys(a.id);
    expect(files).toEqual(filesOf(url));
    const theme = await api(`/v1/cards/${card.id}/profile/theme`, {
      method: 'PUT',
      token: member.token,
      json: { custom_theme: { ...LOOK, background_image: null } },
    });
    expect(theme.status).toBe(403);
    // A card's release of an image it names (a raced change of its own background) skips it.
    await env.DB.prepare('UPDATE cards SET background_key = ? WHERE id = ?').bind(setOf(url), card.id).run();
    await replaceImage(createDb(env.DB), env, card.id, 'background', null);
    expect(await folderKeys(a.id)).toEqual(files);
    // A member leaves and the paused card is deleted; another deletes their account.
    expect((await api(`/v1/orgs/${a.id}/members/${other.id}`, { method: 'DELETE', token: a.owner.token })).status).toBe(
      200,
    );
    expect((await api(`/v1/orgs/${a.id}/cards/${otherCard.id}`, { method: 'DELETE', token: admin.token })).status).toBe(
      200,
    );
    const deleted = await api('/v1/user', {
      method: 'DELETE',
      token: member.token,
      json: { current_password: member.password },
    });
    expect(deleted.status).toBe(200);
    expect(await folderKeys(a.id)).toEqual(files);
    expect((await SELF.fetch(url)).status).toBe(200);
  });

  it('keeps a set while a work card shows it after a save that sets no look, and deletes it with a removal', async () => {
    const url = (await cardTheme(card.id)).background_image!;
    const none = await api(`/v1/orgs/${a.id}/template`, { method: 'PUT', token: admin.token, json: {} });
    expect(none.status).toBe(200);
    // Each card keeps the look it had, this background with it.
    expect((await cardTheme(card.id)).background_image).toBe(url);
    expect(await folderKeys(a.id)).toEqual(filesOf(url));
    // Colours without a background: every card's theme is the template's again, naming none.
    expect((await save(a.id, admin, null)).status).toBe(200);
    expect((await cardTheme(card.id)).background_image).toBeNull();
    expect(await folderKeys(a.id)).toEqual([]);
  });

  it('refuses another organisation’s upload and one a save has deleted meanwhile, changing nothing', async () => {
    const theirs = await uploaded(b.id, b.owner);
    const foreign = await save(a.id, admin, theirs);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors['custom_theme.background_image']).toEqual([
      'Background image must be an uploaded image or an https image URL',
    ]);
    // One tab uploads; another saves without it, which deletes it; the first tab's save is refused.
    const stale = await uploaded(a.id, admin);
    expect((await save(a.id, a.owner, null)).status).toBe(200);
    const refused = await save(a.id, admin, stale);
    expect(refused.status).toBe(422);
    expect(refused.body.errors['custom_theme.background_image']).toEqual([
      'This background image is no longer stored: upload it again',
    ]);
    expect((await cardTheme(card.id)).background_image).toBeNull();
    expect(await folderKeys(a.id)).toEqual([]);
  });

  it('keeps a template of before the organisation’s folder had its name, and deletes both folders with the organisation', async () => {
    const solo = await newOrg();
    const owner = await orgMediaOwner(solo.id);
    // A set where the route stored backgrounds before: the same digest, without `org-`.
    const set = `backgrounds/${owner.slice('org-'.length)}/${'ab'.repeat(16)}`;
    const old = `${ORIGIN}/media/${setFilesOf('background', set).find((key) => key.endsWith('.jpg'))}`;
    await Promise.all(setFilesOf('background', set).map((key) => env.MEDIA.put(key, new Uint8Array([1]))));
    await env.DB.prepare(
      'INSERT INTO org_templates (org_id, version, custom_theme, rules, locked_values, required_links, updated_by, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?)',
    )
      .bind(
        solo.id,
        JSON.stringify({ ...LOOK, background_image: old }),
        '{}',
        '{}',
        '[]',
        solo.owner.id,
        Date.now(),
        Date.now(),
      )
      .run();
    const kept = await save(solo.id, solo.owner, old, { rules: { bio: 'hidden' } });
    expect(kept.status).toBe(200);
    expect(kept.body.data.custom_theme.background_image).toBe(old);
    expect((await SELF.fetch(old)).status).toBe(200);
    // Replaced: the new one in the `org-` folder; the old folder is not listed, so its set stays.
    const fresh = await uploaded(solo.id, solo.owner);
    expect((await save(solo.id, solo.owner, fresh)).status).toBe(200);
    expect(await folderKeys(solo.id)).toEqual([...setFilesOf('background', set), ...filesOf(fresh)].sort());

    const deleted = await api('/v1/user', {
      method: 'DELETE',
      token: solo.owner.token,
      json: { current_password: solo.owner.password },
    });
    expect(deleted.status).toBe(200);
    expect(await env.DB.prepare('SELECT id FROM organisations WHERE id = ?').bind(solo.id).first()).toBeNull();
    expect(await folderKeys(solo.id)).toEqual([]);
  });
});
