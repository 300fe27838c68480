import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, ORIGIN, registerUser } from '../helpers';
import { bucketKeys, bucketMatchesCards, file, imageBytes, ownerOf, postForm, profileRow } from '../images';

let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser(), registerUser()]);
});

const keyOf = (url: string) => url.slice(`${ORIGIN}/media/`.length);
const fetchMedia = (path: string) => SELF.fetch(`${ORIGIN}/media/${path}`);
const uploadAvatar = (token: string, bytes: Uint8Array) =>
  postForm('/v1/user/profile/avatar', token, { avatar: file(bytes, 'a.png', 'image/png') });
const removeAvatar = (token: string) => api('/v1/user/profile/avatar', { method: 'DELETE', token });
async function expectBucketMatchesCards() {
  const { bucket, cards } = await bucketMatchesCards();
  expect(bucket).toEqual(cards);
}

describe('media keys are per user', () => {
  it('gives two users who upload identical bytes separate objects; one removing theirs leaves the other served', async () => {
    const bytes = await imageBytes('png');
    const a = await uploadAvatar(alice.token, bytes);
    const b = await uploadAvatar(bob.token, bytes);
    const aliceKey = keyOf(a.body.data.avatar_url);
    const bobKey = keyOf(b.body.data.avatar_url);
    expect(aliceKey).toMatch(new RegExp(`^avatars/${await ownerOf(alice.id)}/[0-9a-f]{32}/384\\.jpg$`));
    expect(bobKey).toMatch(new RegExp(`^avatars/${await ownerOf(bob.id)}/[0-9a-f]{32}/384\\.jpg$`));
    expect(aliceKey.split('/')[1]).not.toBe(bobKey.split('/')[1]);
    // The URL is public: it names the user's folder without showing the user id.
    expect(a.body.data.avatar_url).not.toContain(alice.id);
    // Still content-addressed: the same bytes have the same name inside each user's folder.
    expect(aliceKey.split('/')[2]).toBe(bobKey.split('/')[2]);
    expect(await bucketKeys()).toEqual(expect.arrayContaining([aliceKey, bobKey]));

    expect((await removeAvatar(alice.token)).status).toBe(200);
    expect(await bucketKeys()).not.toContain(aliceKey);
    expect((await fetchMedia(aliceKey)).status).toBe(404);
    const served = await fetchMedia(bobKey);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    await expectBucketMatchesCards();

    await removeAvatar(bob.token);
    await expectBucketMatchesCards();
  });

  it("never deletes another user's object while one removes and the other uploads the same bytes at once", async () => {
    for (let round = 0; round < 3; round++) {
      const bytes = await imageBytes('png');
      await uploadAvatar(alice.token, bytes);
      const [, b] = await Promise.all([removeAvatar(alice.token), uploadAvatar(bob.token, bytes)]);
      expect(b.status).toBe(200);
      expect((await fetchMedia(keyOf(b.body.data.avatar_url))).status).toBe(200);
      await expectBucketMatchesCards();
    }
    await removeAvatar(bob.token);
  });

  it('keeps one image used as avatar and cover as two sets sharing one original, each removed on its own', async () => {
    const bytes = await imageBytes('gif');
    const avatar = await postForm('/v1/user/profile/avatar', alice.token, {
      avatar: file(bytes, 'a.gif', 'image/gif'),
    });
    const cover = await postForm('/v1/user/profile/cover-image', alice.token, {
      cover_image: file(bytes, 'c.gif', 'image/gif'),
    });
    expect(keyOf(cover.body.data.cover_image_url)).toMatch(
      new RegExp(`^covers/${await ownerOf(alice.id)}/[0-9a-f]{32}/960\\.jpg$`),
    );
    const row = await profileRow(alice.id);
    expect(row?.avatar_original).toMatch(/\.gif$/);
    expect(row?.cover_original).toBe(row?.avatar_original);
    await removeAvatar(alice.token);
    expect((await fetchMedia(keyOf(avatar.body.data.avatar_url))).status).toBe(404);
    expect((await fetchMedia(keyOf(cover.body.data.cover_image_url))).status).toBe(200);
    // The cover still needs the original to be re-cut.
    expect(await bucketKeys()).toContain(row?.avatar_original);
    await api('/v1/user/profile/cover-image', { method: 'DELETE', token: alice.token });
    expect(await bucketKeys()).not.toContain(row?.avatar_original);
    await expectBucketMatchesCards();
  });

  it('still serves a key of the older shared shape, and deletes it only when no card uses it', async () => {
    const legacy = `avatars/${'ab'.repeat(32)}.png`;
    const bytes = await imageBytes('png');
    await env.MEDIA.put(legacy, bytes, { httpMetadata: { contentType: 'image/png' } });
    await env.DB.prepare('UPDATE profiles SET avatar_key = ? WHERE user_id IN (?, ?)')
      .bind(legacy, alice.id, bob.id)
      .run();
    expect((await api('/v1/user/profile', { token: bob.token })).body.data.avatar_url).toBe(
      `${ORIGIN}/media/${legacy}`,
    );
    expect((await fetchMedia(legacy)).status).toBe(200);

    await uploadAvatar(alice.token, await imageBytes('png'));
    expect((await fetchMedia(legacy)).status).toBe(200);
    await removeAvatar(bob.token);
    expect((await fetchMedia(legacy)).status).toBe(404);
    await removeAvatar(alice.token);
    await expectBucketMatchesCards();
  });
});

describe('GET /media/*', () => {
  it('serves only keys of the shapes it writes, read as sent: no other prefix, encoded slash or extra segment', async () => {
    const owner = await ownerOf(alice.id);
    const hash = 'cd'.repeat(32);
    const set = `avatars/${owner}/${'ef'.repeat(16)}`;
    const key = `avatars/${owner}/${hash}.png`;
    const derivative = `${set}/96.webp`;
    const original = `originals/${owner}/${hash}.png`;
    const stray = [
      `avatars/${hash}.png`,
      `other/${owner}/${hash}.png`,
      `avatars/${owner}/${hash}.html`,
      `${set}/96.html`,
      original,
    ];
    const png = await imageBytes('png');
    await env.MEDIA.put(key, png, { httpMetadata: { contentType: 'image/png' } });
    await env.MEDIA.put(derivative, png, { httpMetadata: { contentType: 'image/webp' } });
    for (const path of stray) await env.MEDIA.put(path, '<script>alert(1)</script>');
    expect((await fetchMedia(key)).status).toBe(200);
    expect((await fetchMedia(derivative)).status).toBe(200);

    for (const path of [
      `avatars/${await ownerOf(bob.id)}/${hash}.png`,
      `avatars/${'0'.repeat(64)}.png`,
      'avatars/../secret',
      `avatars/${owner}/../../other/${owner}/${hash}.png`,
      `other/${owner}/${hash}.png`,
      `avatars/${owner}/${hash}.html`,
      `avatars%2F${owner}%2F${hash}.png`,
      `avatars/${owner}%2F${hash}.png`,
      `avatars/${owner}%2f${hash}.png`,
      `avatars/${owner}/%2e%2e%2f${hash}.png`,
      `avatars/%${owner.charCodeAt(0).toString(16)}${owner.slice(1)}/${hash}.png`,
      `avatars/${owner.toUpperCase()}/${hash}.png`,
      `AVATARS/${owner}/${hash}.png`,
      `avatars/${owner}/x/${hash}.png`,
      `avatars/${alice.id}/${hash}.png`,
      `avatars/${owner}`,
      set,
      `${set}/96.html`,
      `${set}/96.WEBP`,
      `${set}/x/96.webp`,
      `${set}%2F96.webp`,
      original,
      `originals/${owner}/${hash}.png`,
      `avatars/../originals/${owner}/${hash}.png`,
      `${set}/../../../originals/${owner}/${hash}.png`,
      '',
    ]) {
      const res = await fetchMedia(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
    for (const path of [key, derivative, ...stray]) await env.MEDIA.delete(path);
    expect(await profileRow(alice.id)).toMatchObject({ avatar_key: null });
  });
});
