import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { derivativeNames, heightOf } from '@shared/media';
import { api, ORIGIN, registerUser } from '../helpers';
import { apiWith } from '../auth-helpers';
import { bucketKeys, file, form, imageBytes, ownerOf, phonePhotos, postForm, profileRow } from '../images';
import { metadataFound, pixelsOf, uprightness } from '../pixels';

let alice: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  alice = await registerUser();
});

const stored = async (key: string) => new Uint8Array(await (await env.MEDIA.get(key))!.arrayBuffer());
const KINDS = [
  { kind: 'avatar' as const, path: '/v1/user/profile/avatar', field: 'avatar', folder: 'avatars', label: 'Avatar' },
  {
    kind: 'cover' as const,
    path: '/v1/user/profile/cover-image',
    field: 'cover_image',
    folder: 'covers',
    label: 'Cover image',
  },
];

// Phone photos through the local (sharp) binding take seconds each on a busy machine.
describe.each(KINDS)('a phone photo as the $kind', { timeout: 120_000 }, ({ kind, path, field, folder }) => {
  let set: string;
  let original: string;

  beforeAll(async () => {
    const photo = phonePhotos()[kind];
    expect(metadataFound(photo)).toEqual(expect.arrayContaining(['exif', 'camera']));
    const res = await postForm(path, alice.token, { [field]: file(photo, 'IMG_0001.JPG', 'image/jpeg') });
    expect(res.status).toBe(200);
    const row = await profileRow(alice.id);
    set = row?.[`${kind}_key`] as string;
    original = row?.[`${kind}_original`] as string;
  }, 180_000);

  it('is stored as derivatives of the card shape, upright by their pixels, without Exif, XMP or IPTC', async () => {
    const owner = await ownerOf(alice.id);
    expect(set).toMatch(new RegExp(`^${folder}/${owner}/[0-9a-f]{32}$`));
    for (const { width, format } of derivativeNames(kind)) {
      const key = `${set}/${width}.${format}`;
      const bytes = await stored(key);
      expect(metadataFound(bytes), key).toEqual([]);
      const pixels = await pixelsOf(bytes);
      expect([pixels.width, pixels.height], key).toEqual([width, heightOf(kind, width)]);
      // Red on top, blue below, as the photo was held: the orientation tag was applied.
      expect(uprightness(pixels), key).toBeGreaterThan(100);
    }
  });

  it('serves every derivative with its type and no metadata, and never the original', async () => {
    for (const { width, format } of derivativeNames(kind)) {
      const res = await SELF.fetch(`${ORIGIN}/media/${set}/${width}.${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe(
        { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[format],
      );
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(metadataFound(new Uint8Array(await res.arrayBuffer()))).toEqual([]);
    }
    // The upload is kept as sent (with its Exif), under a prefix no route serves.
    expect(original).toMatch(new RegExp(`^originals/${await ownerOf(alice.id)}/[0-9a-f]{64}\\.jpg$`));
    expect(await stored(original)).toEqual(phonePhotos()[kind]);
    for (const probe of [
      `/media/${original}`,
      `/media/${set}`,
      `/media/${set}/1.jpg`,
      `/media/${set}/../../${original}`,
    ]) {
      expect((await api(probe)).status, probe).toBe(404);
    }
  });

  it('answers the JPEG derivative as the image URL and keeps a placeholder of a few hundred bytes', async () => {
    const me = await api('/v1/user/profile', { token: alice.token });
    const url: string = me.body.data[kind === 'avatar' ? 'avatar_url' : 'cover_image_url'];
    expect(url).toBe(`https://card.test/media/${set}/${kind === 'avatar' ? 384 : 960}.jpg`);
    const placeholder = (await profileRow(alice.id))?.[`${kind}_placeholder`] as string;
    expect(placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(placeholder.length).toBeLessThan(600);
  });
});

describe('files that do not decode', { timeout: 120_000 }, () => {
  const truncations = async () => {
    const photo = phonePhotos().avatar;
    const png = await imageBytes('png');
    const gif = await imageBytes('gif');
    const webp = await imageBytes('webp');
    return [
      { name: 'a 3-byte JPEG header', bytes: Uint8Array.from([0xff, 0xd8, 0xff]), type: 'image/jpeg' },
      { name: 'a camera JPEG cut off at 64 KB', bytes: photo.subarray(0, 65536), type: 'image/jpeg' },
      { name: 'a PNG cut in half', bytes: png.subarray(0, Math.floor(png.length / 2)), type: 'image/png' },
      { name: 'a GIF cut off after its header', bytes: gif.subarray(0, 20), type: 'image/gif' },
      { name: 'a WebP cut in half', bytes: webp.subarray(0, Math.floor(webp.length / 2)), type: 'image/webp' },
    ];
  };

  it.each(KINDS)(
    'are refused as the $kind with the wrong-type message; nothing is stored',
    async ({ path, field, label }) => {
      const bob = await registerUser();
      const message = `${label} must be a JPG, PNG, GIF or WebP image`;
      for (const bad of await truncations()) {
        const before = { row: await profileRow(bob.id), keys: await bucketKeys() };
        const res = await postForm(path, bob.token, { [field]: file(bad.bytes, 'photo', bad.type) });
        expect(res.status, bad.name).toBe(422);
        expect(res.body, bad.name).toEqual({ success: false, message, errors: { [field]: [message] } });
        expect(await profileRow(bob.id), bad.name).toEqual(before.row);
        expect(await bucketKeys(), bad.name).toEqual(before.keys);
      }
    },
  );
});

describe('a failing Images binding', () => {
  it('answers 503 with what to do, never the wrong-type message, and stores nothing', async () => {
    const dora = await registerUser();
    const keys = await bucketKeys();
    const broken = {
      info: () => Promise.reject(new Error('Images unavailable')),
      input: () => ({
        transform() {
          return this;
        },
        output: () => Promise.reject(new Error('Images unavailable')),
      }),
    } as unknown as ImagesBinding;
    const res = await apiWith({ IMAGES: broken }, '/v1/user/profile/avatar', {
      method: 'POST',
      token: dora.token,
      body: form({ avatar: file(await imageBytes('png'), 'a.png', 'image/png') }),
    });
    // The binding is down, not the file bad: 503 with what to do (README, When a part fails).
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      message: 'Photos cannot be processed right now. Please try again in a minute.',
    });
    expect(await bucketKeys()).toEqual(keys);
    expect((await profileRow(dora.id))?.avatar_key).toBeNull();
  });
});

describe('an animated GIF', () => {
  it('becomes a still of its first frame (README, Decisions: images)', async () => {
    const carol = await registerUser();
    const gif = phonePhotos().animatedGif;
    const res = await postForm('/v1/user/profile/avatar', carol.token, { avatar: file(gif, 'wave.gif', 'image/gif') });
    expect(res.status).toBe(200);
    const set = (await profileRow(carol.id))?.avatar_key as string;
    const webp = await stored(`${set}/96.webp`);
    expect(new TextDecoder('latin1').decode(webp)).not.toContain('ANIM');
    const pixels = await pixelsOf(webp);
    expect(pixels.data[0]).toBeGreaterThan(200);
    expect(pixels.data[2]).toBeLessThan(60);
  });
});
