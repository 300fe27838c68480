// 'Adjust': the crop dialog's source image and the re-cut from the private original.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { bucketKeys, bucketMatchesCards, file, phonePhotos, postForm, profileRow } from '../images';
import { metadataFound, pixelsOf, uprightness } from '../pixels';
import { decodePng } from '../../../worker/lib/png';

let alice: Awaited<ReturnType<typeof registerUser>>;

const crop = (kind: 'avatar' | 'cover-image', token: string | undefined, json: unknown) =>
  api(`/v1/user/profile/${kind}/crop`, { method: 'POST', token, json });
const stored = async (key: string) => new Uint8Array(await (await env.MEDIA.get(key))!.arrayBuffer());

/** Mean red minus blue of a whole derivative: the fixture is red above its middle, blue below. */
async function redness(key: string) {
  const pixels = await pixelsOf(await stored(key));
  let sum = 0;
  for (let i = 0; i < pixels.data.length; i += pixels.channels) sum += pixels.data[i]! - pixels.data[i + 2]!;
  return sum / (pixels.width * pixels.height);
}

beforeAll(async () => {
  alice = await registerUser();
  const photos = phonePhotos();
  await postForm('/v1/user/profile/avatar', alice.token, { avatar: file(photos.avatar, 'a.jpg', 'image/jpeg') });
  await postForm('/v1/user/profile/cover-image', alice.token, {
    cover_image: file(photos.cover, 'c.jpg', 'image/jpeg'),
  });
}, 180_000);

// Phone photos through the local (sharp) binding take seconds each on a busy machine.
describe('GET /v1/user/profile/{avatar,cover-image}/source', { timeout: 120_000 }, () => {
  it('answers the whole upright image, small and without metadata, to its owner only', async () => {
    const res = await api('/v1/user/profile/cover-image/source', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const uri: string = res.body.data.image;
    expect(uri).toMatch(/^data:image\/webp;base64,/);
    const bytes = Uint8Array.from(atob(uri.split(',')[1]!), (ch) => ch.charCodeAt(0));
    expect(metadataFound(bytes)).toEqual([]);
    const pixels = await pixelsOf(bytes);
    // The cover photo is 3024x2268 stored sideways: upright it is portrait, the whole of it.
    expect([pixels.width, pixels.height]).toEqual([768, 1024]);
    expect(uprightness(pixels)).toBeGreaterThan(100);

    expect((await api('/v1/user/profile/cover-image/source')).status).toBe(401);
    const bob = await registerUser();
    const other = await api('/v1/user/profile/cover-image/source', { token: bob.token });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ success: false, message: 'There is no cover image to adjust' });
  });
});

describe('POST /v1/user/profile/{avatar,cover-image}/crop', { timeout: 120_000 }, () => {
  it('re-cuts the cover from the private original with the chosen box: the top strip is red, the bottom blue', async () => {
    const before = await profileRow(alice.id);
    // Upright the cover is 2268x3024; a full-width 3:1 strip is a quarter of its height.
    const top = await crop('cover-image', alice.token, { x: 0, y: 0, width: 1, height: 0.25 });
    expect(top.status).toBe(200);
    expect(top.body.message).toBe('Cover image updated successfully');
    const afterTop = await profileRow(alice.id);
    expect(afterTop?.cover_key).not.toBe(before?.cover_key);
    // No second upload: the same original, and the old set's files are gone.
    expect(afterTop?.cover_original).toBe(before?.cover_original);
    expect(await bucketKeys()).not.toContain(`${before?.cover_key}/960.webp`);
    expect(top.body.data.cover_image_url).toBe(`https://card.test/media/${afterTop?.cover_key}/960.jpg`);
    expect(await redness(`${afterTop?.cover_key}/960.webp`)).toBeGreaterThan(100);

    await crop('cover-image', alice.token, { x: 0, y: 0.75, width: 1, height: 0.25 });
    const afterBottom = await profileRow(alice.id);
    expect(await redness(`${afterBottom?.cover_key}/480.avif`)).toBeLessThan(-100);
    expect(metadataFound(await stored(`${afterBottom?.cover_key}/960.jpg`))).toEqual([]);
    const { bucket, cards } = await bucketMatchesCards();
    expect(bucket).toEqual(cards);
  });

  it('re-cuts the avatar: a zoomed-in square of the lower half is blue, its placeholder too', async () => {
    const res = await crop('avatar', alice.token, { x: 0.25, y: 0.55, width: 0.4, height: 0.4 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile photo updated successfully');
    const row = await profileRow(alice.id);
    expect(await redness(`${row?.avatar_key}/384.avif`)).toBeLessThan(-100);
    const placeholder = row?.avatar_placeholder as string;
    expect(placeholder).toMatch(/^data:image\/webp;base64,/);
    // The same box twice is the same set: nothing new is stored.
    const keys = await bucketKeys();
    await crop('avatar', alice.token, { x: 0.25, y: 0.55, width: 0.4, height: 0.4 });
    expect(await bucketKeys()).toEqual(keys);
  });

  it('refuses a box outside the image, too small, or not numbers, and malformed JSON; nothing changes', async () => {
    const before = await profileRow(alice.id);
    const keys = await bucketKeys();
    for (const [box, message] of [
      [{ x: 0.5, y: 0, width: 0.6, height: 0.2 }, 'The crop box must lie inside the image'],
      [{ x: -0.1, y: 0, width: 0.5, height: 0.5 }, 'The crop box must lie inside the image'],
      [{ x: 0, y: 0, width: 0.01, height: 0.01 }, 'The crop box is too small'],
      [{ x: '0', y: 0, width: 0.5, height: 0.5 }, 'x must be a number'],
    ] as const) {
      const res = await crop('avatar', alice.token, box);
      expect(res.status, JSON.stringify(box)).toBe(422);
      expect(res.body.message).toBe(message);
      expect(res.body.success).toBe(false);
    }
    const malformed = await api('/v1/user/profile/avatar/crop', {
      method: 'POST',
      token: alice.token,
      headers: { 'Content-Type': 'application/json' },
      body: '{"x":',
    });
    expect(malformed.status).toBe(400);
    expect(await profileRow(alice.id)).toEqual(before);
    expect(await bucketKeys()).toEqual(keys);
  });

  it("answers 401 anonymously and 404 for a card without that image; never touches another user's", async () => {
    const before = await profileRow(alice.id);
    expect((await crop('avatar', undefined, { x: 0, y: 0, width: 0.5, height: 0.5 })).status).toBe(401);
    const bob = await registerUser();
    const res = await crop('avatar', bob.token, { x: 0, y: 0, width: 0.5, height: 0.5 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'There is no profile photo to adjust' });
    expect(await profileRow(alice.id)).toEqual(before);
  });
});

describe('the PNG cut', () => {
  it('decodes what the binding writes', async () => {
    const result = await env.IMAGES.input(new Blob([phonePhotos().avatar]).stream())
      .transform({ width: 64, height: 64, fit: 'cover' })
      .output({ format: 'image/png' });
    const bitmap = await decodePng(new Uint8Array(await new Response(result.image()).arrayBuffer()));
    expect([bitmap.width, bitmap.height, bitmap.channels]).toEqual([64, 64, 3]);
  });
});
