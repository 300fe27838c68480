import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { decodePng, encodePng } from '../../../worker/lib/png';
import { api, ORIGIN, registerUser } from '../helpers';
import { cardKeys, expectImageRefusals, file, imageBytes, ownerOf, phonePhotos, postForm, setFilesOf } from '../images';
import { readZip } from '../zip-reader';

// The company logo goes through the photo's pipeline (derivatives, the card's media folder,
// release on replace, removal, deletion, export), per card, fitted whole on white
// (docs/product.md §5, Profile).

const PATH = '/v1/user/profile/logo';
const upload = async (token: string, bytes?: Uint8Array, path = PATH) =>
  postForm(path, token, { logo: file(bytes ?? (await imageBytes('png')), 'logo.png', 'image/png') });
const keyOf = (url: string) => url.slice(`${ORIGIN}/media/`.length);
const cardRow = (cardId: string) =>
  env.DB.prepare('SELECT * FROM cards WHERE id = ?').bind(cardId).first<Record<string, unknown>>();

/** A 300x100 word mark: a dark bar on a transparent ground, as logos are usually sent. */
function transparentLogo() {
  const width = 300;
  const height = 100;
  const data = new Uint8Array(width * height * 4);
  for (let y = 30; y < 70; y++) for (let x = 20; x < 280; x++) data.set([20, 40, 160, 255], (y * width + x) * 4);
  return encodePng({ width, height, channels: 4, data });
}

/** The pixels of a stored JPEG derivative, decoded by the Images binding. */
async function pixelsOf(key: string) {
  const object = await env.MEDIA.get(key);
  const png = await env.IMAGES.input(object!.body).transform({}).output({ format: 'image/png' });
  return decodePng(new Uint8Array(await new Response(png.image()).arrayBuffer()));
}

describe('POST/DELETE /v1/user/profile/logo', () => {
  it('uploads a logo fitted whole on white, shows it on the card, replaces and removes it', async () => {
    const user = await registerUser();
    const first = await upload(user.token, await transparentLogo());
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Logo uploaded successfully' });
    const url: string = first.body.data.logo_url;
    expect(url).toMatch(new RegExp(`^${ORIGIN}/media/logos/${await ownerOf(user.id)}/[0-9a-f]{32}/384\\.jpg$`));
    const row = await cardRow(user.id);
    expect(`${row?.logo_key}/384.jpg`).toBe(keyOf(url));
    expect(row?.logo_placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(await cardKeys(user.id)).toEqual(
      [...setFilesOf('logo', row!.logo_key as string), row!.logo_original as string].sort(),
    );

    // 2:1, the whole word mark (not cut to the box), its transparent ground white.
    const jpeg = await pixelsOf(keyOf(url));
    expect([jpeg.width, jpeg.height]).toEqual([384, 192]);
    const at = (x: number, y: number) => [
      ...jpeg.data.subarray((y * 384 + x) * jpeg.channels, (y * 384 + x) * jpeg.channels + 3),
    ];
    for (const [x, y] of [
      [2, 2],
      [381, 189],
      [192, 40],
    ] as const)
      expect(Math.min(...at(x, y))).toBeGreaterThan(240);
    for (const [x, y] of [
      [40, 96],
      [340, 96],
    ] as const)
      expect(at(x, y)[2]! - at(x, y)[0]!).toBeGreaterThan(80);
    const served = await SELF.fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');

    const card = await api(`/v1/p/${user.username}`);
    expect(card.body.data.logo_url).toBe(url);
    const page = await (await SELF.fetch(`${ORIGIN}/p/${user.username}`)).text();
    expect(page).toContain(`${row?.logo_key}/192.avif`);

    // A camera-size photo decodes too, and replaces the first, whose files go.
    const second = await upload(user.token, phonePhotos().cover);
    expect(second.status).toBe(200);
    const secondRow = await cardRow(user.id);
    expect(secondRow?.logo_key).not.toBe(row?.logo_key);
    expect(await cardKeys(user.id)).toEqual(
      [...setFilesOf('logo', secondRow!.logo_key as string), secondRow!.logo_original as string].sort(),
    );

    const removed = await api(PATH, { method: 'DELETE', token: user.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, message: 'Logo removed successfully' });
    expect(removed.body.data.logo_url).toBeNull();
    expect((await cardRow(user.id))?.logo_key).toBeNull();
    expect((await api(`/v1/p/${user.username}`)).body.data.logo_url).toBeNull();
    expect(await cardKeys(user.id)).toEqual([]);
  });

  it('refuses an oversized, a non-image, a wrong type and a missing file with a clear 4xx, changing nothing', async () => {
    const user = await registerUser();
    await upload(user.token);
    const before = await cardRow(user.id);
    const keys = await cardKeys(user.id);

    await expectImageRefusals(PATH, user.token, 'logo', { size: 'Logo image', type: 'Logo' });

    // An SVG is an image, but not one of the accepted types (a script could ride in it).
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const vector = await postForm(PATH, user.token, { logo: file(svg, 'logo.svg', 'image/svg+xml') });
    expect(vector.status).toBe(422);
    expect(vector.body.message).toBe('Logo must be a JPG, PNG, GIF or WebP image');

    const missing = await postForm(PATH, user.token, {});
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Please choose a logo image');

    expect(await cardRow(user.id)).toEqual(before);
    expect(await cardKeys(user.id)).toEqual(keys);
  });

  it('lets no other account change it or a card of its own, and anonymous requests are refused', async () => {
    const [alice, bob] = await Promise.all([registerUser(), registerUser()]);
    const mine = await upload(alice.token);
    const before = await cardRow(alice.id);

    // Bob's own logo is his card's: Alice's stays.
    expect((await upload(bob.token)).status).toBe(200);
    expect((await api(PATH, { method: 'DELETE', token: bob.token })).status).toBe(200);
    // Naming Alice's card in the path answers as a card that does not exist.
    expect((await upload(bob.token, undefined, `/v1/cards/${alice.id}/profile/logo`)).status).toBe(404);
    expect((await api(`/v1/cards/${alice.id}/profile/logo`, { method: 'DELETE', token: bob.token })).status).toBe(404);
    expect(await cardRow(alice.id)).toEqual(before);
    expect((await SELF.fetch(mine.body.data.logo_url)).status).toBe(200);

    const anonymous = await postForm(PATH, undefined, { logo: file(await imageBytes('png'), 'logo.png', 'image/png') });
    expect(anonymous.status).toBe(401);
    expect((await api(PATH, { method: 'DELETE' })).status).toBe(401);
    expect(await cardRow(alice.id)).toEqual(before);
  });

  it('is per card: a second card has its own logo, and the first keeps its', async () => {
    const user = await registerUser();
    const first: string = (await upload(user.token)).body.data.logo_url;
    const made = await api('/v1/cards', {
      method: 'POST',
      token: user.token,
      json: { username: `logo${crypto.randomUUID().slice(0, 8)}`, name: 'Work' },
    });
    expect(made.status).toBe(201);
    const card = made.body.data;
    expect((await api(`/v1/p/${card.username}`)).body.data.logo_url).toBeNull();
    const second = await upload(user.token, undefined, `/v1/cards/${card.id}/profile/logo`);
    expect(second.status).toBe(200);
    expect(second.body.data.logo_url).toMatch(new RegExp(`/media/logos/${await ownerOf(card.id)}/`));
    expect((await api(`/v1/p/${user.username}`)).body.data.logo_url).toBe(first);
    expect((await api(`/v1/p/${card.username}`)).body.data.logo_url).toBe(second.body.data.logo_url);
  });

  it('is part of the export and is deleted with the account, leaving another account’s alone', async () => {
    const [user, other] = await Promise.all([registerUser(), registerUser()]);
    await upload(user.token);
    const otherUrl: string = (await upload(other.token)).body.data.logo_url;
    const otherRow = await cardRow(other.id);
    const otherKeys = await cardKeys(other.id);
    expect(otherKeys.some((key) => key.startsWith('logos/'))).toBe(true);

    const exported = await SELF.fetch(`${ORIGIN}/v1/user/export`, {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(exported.status).toBe(200);
    const entries = await readZip(new Uint8Array(await exported.arrayBuffer()));
    const original = (await cardRow(user.id))?.logo_original as string;
    const stored = new Uint8Array(await (await env.MEDIA.get(original))!.arrayBuffer());
    expect(entries.get(`images/logo.${original.split('.').pop()}`)).toEqual(stored);
    const otherOriginal = new Uint8Array(await (await env.MEDIA.get(otherRow!.logo_original as string))!.arrayBuffer());
    for (const bytes of entries.values()) expect(bytes).not.toEqual(otherOriginal);

    const res = await api('/v1/user', {
      method: 'DELETE',
      token: user.token,
      json: { current_password: user.password },
    });
    expect(res.status).toBe(200);
    expect(await cardKeys(user.id)).toEqual([]);
    expect(await cardKeys(other.id)).toEqual(otherKeys);
    expect(await cardRow(other.id)).toEqual(otherRow);
    expect((await SELF.fetch(otherUrl)).status).toBe(200);
  });
});
