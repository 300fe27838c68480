import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, ORIGIN, registerUser } from '../helpers';
import { bucketKeys, file, imageBytes, phonePhotos, postForm, setFilesOf } from '../images';
import { createDb } from '../../../worker/db/client';
import { replaceImage } from '../../../worker/services/media-write';
import { orgMediaOwner } from '../../../worker/services/orgs/template-logo';
import { inviteToken, joinAs, newOrg, type Account } from './org-helpers';

// The organisation's company logo (docs/product.md §2, Organisations): two organisations and an
// outsider; the logo reaches every work card, is locked for the member, and its files live in the
// organisation's own folder, which no card's clean-up touches.

let a: Awaited<ReturnType<typeof newOrg>>;
let b: Awaited<ReturnType<typeof newOrg>>;
let adminA: Account;
let memberA: Account;
let otherA: Account;
let outsider: Account;
let cardA: { id: string; username: string };
let cardOther: { id: string; username: string };
let cardB: { id: string; username: string };
let cardAdmin: { id: string; username: string };

const logoPath = (orgId: string) => `/v1/orgs/${orgId}/template/logo`;
const uploadOrgLogo = (orgId: string, token: string, bytes: Uint8Array, type = 'image/jpeg') =>
  postForm(logoPath(orgId), token, { logo: file(bytes, 'logo.jpg', type) });
const cardRow = (id: string) =>
  env.DB.prepare('SELECT * FROM cards WHERE id = ?').bind(id).first<Record<string, string | null>>();
const templateRow = (orgId: string) =>
  env.DB.prepare('SELECT * FROM org_templates WHERE org_id = ?').bind(orgId).first<Record<string, string | null>>();
const orgKeys = async (orgId: string) => {
  const owner = await orgMediaOwner(orgId);
  return (await bucketKeys()).filter((key) => key.includes(`/${owner}/`));
};
/** Every file the template's logo names: its set's derivatives and its original. */
const logoFiles = async (orgId: string) => {
  const row = await templateRow(orgId);
  return [...setFilesOf('logo', row!.logo_key!), row!.logo_original!].sort();
};

beforeAll(async () => {
  [a, b, adminA, memberA, otherA, outsider] = await Promise.all([
    newOrg(),
    newOrg(),
    registerUser(),
    registerUser(),
    registerUser(),
    registerUser(),
  ]);
  cardAdmin = await joinAs(a.id, a.owner, adminA);
  cardA = await joinAs(a.id, a.owner, memberA);
  cardOther = await joinAs(a.id, a.owner, otherA);
  cardB = await joinAs(b.id, b.owner, await registerUser());
  const made = await api(`/v1/orgs/${a.id}/members/${adminA.id}`, {
    method: 'PUT',
    token: a.owner.token,
    json: { role: 'admin' },
  });
  expect(made.status).toBe(200);
  // Before the organisation has a logo the member's is the card's own.
  const own = await postForm(`/v1/cards/${cardA.id}/profile/logo`, memberA.token, {
    logo: file(await imageBytes('png'), 'own.png', 'image/png'),
  });
  expect(own.status).toBe(200);
});

describe('the organisation’s company logo', () => {
  it('lets nobody but the owner and admins upload or remove it, changing nothing', async () => {
    const photo = phonePhotos().cover;
    const member = await uploadOrgLogo(a.id, memberA.token, photo);
    expect(member.status).toBe(403);
    expect(member.body.message).toBe('Only the owner and admins of the organisation can do this');
    expect((await api(logoPath(a.id), { method: 'DELETE', token: memberA.token })).status).toBe(403);
    for (const stranger of [outsider, b.owner]) {
      expect((await uploadOrgLogo(a.id, stranger.token, photo)).status).toBe(404);
      expect((await api(logoPath(a.id), { method: 'DELETE', token: stranger.token })).status).toBe(404);
    }
    expect((await uploadOrgLogo(a.id, '', photo)).status).toBe(401);
    expect(await templateRow(a.id)).toBeNull();
    expect(await orgKeys(a.id)).toEqual([]);
  });

  it('refuses what a card’s logo upload refuses, with its messages', async () => {
    const missing = await postForm(logoPath(a.id), adminA.token, {});
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Please choose a logo image');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    const wrong = await postForm(logoPath(a.id), adminA.token, { logo: file(svg, 'logo.svg', 'image/svg+xml') });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Logo must be a JPG, PNG, GIF or WebP image');
    expect(await orgKeys(a.id)).toEqual([]);
  });

  it('puts a camera photo’s logo on every work card, its page and JSON, and locks it for the member', async () => {
    const own = await cardRow(cardA.id);
    const answer = await uploadOrgLogo(a.id, adminA.token, phonePhotos().cover);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Logo uploaded successfully');
    const owner = await orgMediaOwner(a.id);
    expect(owner).toMatch(/^org-[0-9a-f]{32}$/);
    const url: string = answer.body.data.logo_url;
    expect(url).toMatch(new RegExp(`^${ORIGIN}/media/logos/${owner}/[0-9a-f]{32}/384\\.jpg$`));
    const template = await templateRow(a.id);
    expect(template?.logo_original).toMatch(new RegExp(`^originals/${owner}/[0-9a-f]{64}\\.jpg$`));
    expect(await orgKeys(a.id)).toEqual(await logoFiles(a.id));
    expect((await SELF.fetch(url)).headers.get('content-type')).toBe('image/jpeg');

    for (const card of [cardA, cardOther, cardAdmin]) {
      const row = await cardRow(card.id);
      expect([row?.logo_key, row?.logo_original, row?.logo_placeholder]).toEqual([
        template?.logo_key,
        template?.logo_original,
        template?.logo_placeholder,
      ]);
      expect((await api(`/v1/p/${card.username}`)).body.data.logo_url).toBe(url);
      const page = await (await SELF.fetch(`${ORIGIN}/p/${card.username}`)).text();
      expect(page).toContain(`${template?.logo_key}/192.avif`);
    }
    // The member's own logo files are left for the card's clean-up, as a released background's are.
    expect(own?.logo_key).not.toBe(template?.logo_key);
    expect((await cardRow(cardB.id))?.logo_key).toBeNull();
    const read = await api(`/v1/orgs/${a.id}/template`, { token: memberA.token });
    expect(read.body.data.logo_url).toBe(url);
    const audit = await env.DB.prepare(
      "SELECT actor_id, detail FROM org_audit WHERE org_id = ? AND action = 'template.updated' ORDER BY id DESC",
    )
      .bind(a.id)
      .first<{ actor_id: string; detail: string }>();
    expect(audit).toEqual({ actor_id: adminA.id, detail: JSON.stringify({ logo: 'uploaded' }) });

    const before = await cardRow(cardA.id);
    const keys = await bucketKeys();
    const refused = await postForm(`/v1/cards/${cardA.id}/profile/logo`, memberA.token, {
      logo: file(await imageBytes('png'), 'mine.png', 'image/png'),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Company logo is set by your organisation and cannot be changed');
    expect(refused.body.errors).toEqual({ logo: ['Company logo is set by your organisation and cannot be changed'] });
    const removal = await api(`/v1/cards/${cardA.id}/profile/logo`, { method: 'DELETE', token: memberA.token });
    expect(removal.status).toBe(403);
    expect(await cardRow(cardA.id)).toEqual(before);
    expect(await bucketKeys()).toEqual(keys);
  });

  it('keeps the logo through a template save, and gives it to a new invitation’s card', async () => {
    const key = (await templateRow(a.id))?.logo_key;
    const saved = await api(`/v1/orgs/${a.id}/template`, {
      method: 'PUT',
      token: a.owner.token,
      json: { rules: { company: 'locked' }, locked_values: { company: 'Acme' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.logo_url).toContain(key);
    expect((await templateRow(a.id))?.logo_key).toBe(key);
    expect((await cardRow(cardOther.id))?.logo_key).toBe(key);

    const email = `invitee-${crypto.randomUUID()}@example.com`;
    const invited = await api(`/v1/orgs/${a.id}/invitations`, {
      method: 'POST',
      token: adminA.token,
      json: { emails: [email] },
    });
    expect(invited.status).toBe(201);
    expect(await inviteToken(email)).toBeTruthy();
    const fresh = await env.DB.prepare(
      'SELECT c.logo_key FROM cards c JOIN org_invitations i ON i.card_id = c.id WHERE i.email = ?',
    )
      .bind(email)
      .first<{ logo_key: string }>();
    expect(fresh?.logo_key).toBe(key);
  });

  it('never lets a card’s clean-up take the organisation’s files: a raced replace, a deleted card, a deleted account', async () => {
    // An organisation whose one work card shows its logo: a member's change that passed its check
    // just before the logo landed releases the card's old image, which no other card uses; the
    // organisation's files stay, as its template still shows them.
    const solo = await newOrg();
    const only = await joinAs(solo.id, solo.owner, await registerUser());
    expect((await uploadOrgLogo(solo.id, solo.owner.token, phonePhotos().bright)).status).toBe(200);
    const soloFiles = await logoFiles(solo.id);
    await replaceImage(createDb(env.DB), env, only.id, 'logo', null);
    expect((await cardRow(only.id))?.logo_key).toBeNull();
    expect(await orgKeys(solo.id)).toEqual(soloFiles);

    const files = await logoFiles(a.id);

    // The member leaves, the card pauses and an admin deletes it.
    expect(
      (await api(`/v1/orgs/${a.id}/members/${otherA.id}`, { method: 'DELETE', token: a.owner.token })).status,
    ).toBe(200);
    expect(
      (await api(`/v1/orgs/${a.id}/cards/${cardOther.id}`, { method: 'DELETE', token: adminA.token })).status,
    ).toBe(200);
    expect(await cardRow(cardOther.id)).toBeNull();
    expect(await orgKeys(a.id)).toEqual(files);

    // The member deletes their account: the card goes back to the organisation, the files stay.
    const deleted = await api('/v1/user', {
      method: 'DELETE',
      token: memberA.token,
      json: { current_password: memberA.password },
    });
    expect(deleted.status).toBe(200);
    expect(await orgKeys(a.id)).toEqual(files);
    expect((await cardRow(cardA.id))?.logo_key).toBe((await templateRow(a.id))?.logo_key);
  });

  it('replaces the logo, deleting the old files, and removing it takes it off every work card', async () => {
    const old = await logoFiles(a.id);
    const replaced = await uploadOrgLogo(a.id, a.owner.token, await imageBytes('png'), 'image/png');
    expect(replaced.status).toBe(200);
    const files = await logoFiles(a.id);
    expect(files).not.toEqual(old);
    expect(await orgKeys(a.id)).toEqual(files);
    expect((await cardRow(cardA.id))?.logo_key).toBe((await templateRow(a.id))?.logo_key);

    const removed = await api(logoPath(a.id), { method: 'DELETE', token: adminA.token });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Logo removed successfully');
    expect(removed.body.data.logo_url).toBeNull();
    expect(await orgKeys(a.id)).toEqual([]);
    for (const id of [cardA.id, cardAdmin.id]) {
      const card = await cardRow(id);
      expect([card?.logo_key, card?.logo_original, card?.logo_placeholder]).toEqual([null, null, null]);
    }
    expect((await api(`/v1/p/${cardAdmin.username}`)).body.data.logo_url).toBeNull();
    // The member's own logo is theirs to upload again.
    const own = await postForm(`/v1/cards/${cardAdmin.id}/profile/logo`, adminA.token, {
      logo: file(await imageBytes('png'), 'own.png', 'image/png'),
    });
    expect(own.status).toBe(200);
  });

  it('deletes its files with the organisation', async () => {
    const alone = await newOrg();
    expect((await uploadOrgLogo(alone.id, alone.owner.token, phonePhotos().avatar)).status).toBe(200);
    expect((await orgKeys(alone.id)).length).toBeGreaterThan(0);
    const deleted = await api('/v1/user', {
      method: 'DELETE',
      token: alone.owner.token,
      json: { current_password: alone.owner.password },
    });
    expect(deleted.status).toBe(200);
    expect(await env.DB.prepare('SELECT id FROM organisations WHERE id = ?').bind(alone.id).first()).toBeNull();
    expect(await orgKeys(alone.id)).toEqual([]);
  });
});
