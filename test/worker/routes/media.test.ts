import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@shared/constants';
import { api, ORIGIN, registerUser } from '../helpers';
import { bucketKeys, bucketMatchesCards, file, imageBytes, jpegOfSize, ownerOf, postForm, profileRow } from '../images';

let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser(), registerUser()]);
});

const keyOf = (url: string) => url.slice(`${ORIGIN}/media/`.length);

async function expectBucketMatchesProfiles() {
  const { bucket, cards } = await bucketMatchesCards();
  expect(bucket).toEqual(cards);
}
const setUrl = async (userId: string, folder: string, file: string) =>
  new RegExp(`^${ORIGIN}/media/${folder}/${await ownerOf(userId)}/[0-9a-f]{32}/${file}$`);

describe('avatar', () => {
  it('uploads, replaces and removes, leaving exactly the live objects in R2', async () => {
    const first = await postForm('/v1/user/profile/avatar', alice.token, {
      avatar: file(await imageBytes('jpeg'), 'me.jpg', 'image/jpeg'),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Profile photo updated successfully' });
    expect(first.body.data.avatar_url).toMatch(await setUrl(alice.id, 'avatars', '384\\.jpg'));
    const firstKey = keyOf(first.body.data.avatar_url);
    expect(first.body.data.avatar).toBe(first.body.data.avatar_url);
    expect(`${(await profileRow(alice.id))?.avatar_key}/384.jpg`).toBe(firstKey);
    expect(await bucketKeys()).toContain(firstKey);
    await expectBucketMatchesProfiles();

    const second = await postForm('/v1/user/profile/avatar', alice.token, {
      avatar: file(await imageBytes('webp'), 'me.webp', 'image/webp'),
    });
    const secondKey = keyOf(second.body.data.avatar_url);
    expect(second.body.data.avatar_url).toMatch(await setUrl(alice.id, 'avatars', '384\\.jpg'));
    expect(await bucketKeys()).not.toContain(firstKey);
    await expectBucketMatchesProfiles();

    const removed = await api('/v1/user/profile/avatar', { method: 'DELETE', token: alice.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, message: 'Profile photo removed successfully' });
    expect(removed.body.data.avatar_url).toBeNull();
    expect((await profileRow(alice.id))?.avatar_key).toBeNull();
    expect(await bucketKeys()).not.toContain(secondKey);
    await expectBucketMatchesProfiles();
  });

  it('takes a PNG named x.gif as a PNG, and serves its derivatives with their types', async () => {
    const bytes = await imageBytes('png');
    const res = await postForm('/v1/user/profile/avatar', alice.token, { avatar: file(bytes, 'x.gif', 'image/gif') });
    expect(res.status).toBe(200);
    const url: string = res.body.data.avatar_url;
    expect((await profileRow(alice.id))?.avatar_original).toMatch(/\.png$/);

    const served = await fetchMedia(keyOf(url));
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    expect((await fetchMedia(keyOf(url).replace('384.jpg', '96.avif'))).headers.get('Content-Type')).toBe('image/avif');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(served.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(served.headers.get('Content-Security-Policy')).toContain('sandbox');
    const stored = await env.MEDIA.get(keyOf(url));
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(await stored!.arrayBuffer()));
  });

  it('refuses an HTML file named avatar.png, a file over 5 MB, and a missing file; nothing changes', async () => {
    const before = await profileRow(alice.id);
    const keys = await bucketKeys();

    const html = await postForm('/v1/user/profile/avatar', alice.token, {
      avatar: file('<html><script>alert(1)</script></html>', 'avatar.png', 'image/png'),
    });
    expect(html.status).toBe(422);
    expect(html.body).toMatchObject({
      success: false,
      message: 'Avatar must be a JPG, PNG, GIF or WebP image',
      errors: { avatar: ['Avatar must be a JPG, PNG, GIF or WebP image'] },
    });

    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(await imageBytes('png'));
    const tooBig = await postForm('/v1/user/profile/avatar', alice.token, {
      avatar: file(big, 'big.png', 'image/png'),
    });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.message).toBe('Avatar image must be less than 5MB');

    const missing = await postForm('/v1/user/profile/avatar', alice.token, { other: 'x' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.avatar).toEqual(['Please choose an avatar image']);

    expect(await profileRow(alice.id)).toEqual(before);
    expect(await bucketKeys()).toEqual(keys);
  });

  it('accepts exactly 5 MB', async () => {
    const exact = await jpegOfSize(IMAGE_MAX_BYTES);
    expect(exact.length).toBe(IMAGE_MAX_BYTES);
    const res = await postForm('/v1/user/profile/avatar', bob.token, { avatar: file(exact, 'a.jpg', 'image/jpeg') });
    expect(res.status).toBe(200);
    expect(res.body.data.avatar_url).toMatch(await setUrl(bob.id, 'avatars', '384\\.jpg'));
    await api('/v1/user/profile/avatar', { method: 'DELETE', token: bob.token });
    await expectBucketMatchesProfiles();
  });

  it('refuses a body far over the limit before reading it', async () => {
    const huge = new Uint8Array(IMAGE_MAX_BYTES + 2 * 1024 * 1024);
    huge.set(await imageBytes('png'));
    const res = await postForm('/v1/user/profile/avatar', bob.token, { avatar: file(huge, 'huge.png', 'image/png') });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'Avatar image must be less than 5MB' });
  });

  it('answers 401 to an anonymous request', async () => {
    const res = await postForm('/v1/user/profile/avatar', undefined, {
      avatar: file(await imageBytes('png'), 'a.png', 'image/png'),
    });
    expect(res.status).toBe(401);
    expect((await api('/v1/user/profile/avatar', { method: 'DELETE' })).status).toBe(401);
    expect((await api('/v1/user/profile/cover-image', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('cover image', () => {
  it('answers 401 to an anonymous upload and stores nothing', async () => {
    const keys = await bucketKeys();
    const rows = await env.DB.prepare('SELECT * FROM profiles ORDER BY user_id').all();
    const res = await postForm('/v1/user/profile/cover-image', undefined, {
      cover_image: file(await imageBytes('png'), 'c.png', 'image/png'),
    });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
    expect(await bucketKeys()).toEqual(keys);
    expect((await env.DB.prepare('SELECT * FROM profiles ORDER BY user_id').all()).results).toEqual(rows.results);
  });

  it('uploads, replaces and removes, leaving exactly the live objects in R2', async () => {
    const first = await postForm('/v1/user/profile/cover-image', bob.token, {
      cover_image: file(await imageBytes('png'), 'cover.png', 'image/png'),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Cover image uploaded successfully' });
    expect(first.body.data.cover_image_url).toMatch(await setUrl(bob.id, 'covers', '960\\.jpg'));
    const firstKey = keyOf(first.body.data.cover_image_url);
    expect(`${(await profileRow(bob.id))?.cover_key}/960.jpg`).toBe(firstKey);

    const second = await postForm('/v1/user/profile/cover-image', bob.token, {
      cover_image: file(await imageBytes('jpeg'), 'cover.jpg', 'image/jpeg'),
    });
    expect(second.status).toBe(200);
    expect(await bucketKeys()).not.toContain(firstKey);
    await expectBucketMatchesProfiles();

    const removed = await api('/v1/user/profile/cover-image', { method: 'DELETE', token: bob.token });
    expect(removed.body).toMatchObject({ success: true, message: 'Cover image removed successfully' });
    expect(removed.body.data.cover_image_url).toBeNull();
    expect((await profileRow(bob.id))?.cover_key).toBeNull();
    await expectBucketMatchesProfiles();
  });

  it('refuses a 5 MB + 1 byte image and a non-image with the cover messages', async () => {
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(await imageBytes('jpeg'));
    const tooBig = await postForm('/v1/user/profile/cover-image', bob.token, {
      cover_image: file(big, 'c.jpg', 'image/jpeg'),
    });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toEqual({ cover_image: ['Cover image must be less than 5MB'] });

    const text = await postForm('/v1/user/profile/cover-image', bob.token, {
      cover_image: file('just text', 'c.jpg', 'image/jpeg'),
    });
    expect(text.status).toBe(422);
    expect(text.body.message).toBe('Cover image must be a JPG, PNG, GIF or WebP image');
    expect((await profileRow(bob.id))?.cover_key).toBeNull();
    await expectBucketMatchesProfiles();
  });

  it('refuses a body far over the limit before reading it, with the cover message', async () => {
    const huge = new Uint8Array(IMAGE_MAX_BYTES + 2 * 1024 * 1024);
    huge.set(await imageBytes('png'));
    const keys = await bucketKeys();
    const res = await postForm('/v1/user/profile/cover-image', bob.token, {
      cover_image: file(huge, 'huge.png', 'image/png'),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'Cover image must be less than 5MB' });
    expect(await bucketKeys()).toEqual(keys);
  });
});

async function fetchMedia(key: string) {
  const { SELF } = await import('cloudflare:test');
  return SELF.fetch(`${ORIGIN}/media/${key}`);
}
