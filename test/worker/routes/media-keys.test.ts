import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, ORIGIN, registerUser } from '../helpers';
import { bucketKeys, file, imageBytes, ownerOf, postForm, profileRow, referencedKeys } from '../images';

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

describe('media keys are per user', () => {
  it('gives two users who upload identical bytes separate objects; one removing theirs leaves the other served', async () => {
    const bytes = imageBytes('png');
    const a = await uploadAvatar(alice.token, bytes);
    const b = await uploadAvatar(bob.token, bytes);
    const aliceKey = keyOf(a.body.data.avatar_url);
    const bobKey = keyOf(b.body.data.avatar_url);
    expect(aliceKey).toMatch(new RegExp(`^avatars/${await ownerOf(alice.id)}/[0-9a-f]{64}\\.png$`));
    expect(bobKey).toMatch(new RegExp(`^avatars/${await ownerOf(bob.id)}/[0-9a-f]{64}\\.png$`));
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
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect(await bucketKeys()).toEqual(await referencedKeys());

    await removeAvatar(bob.token);
    expect(await bucketKeys()).toEqual(await referencedKeys());
  });

  it("never deletes another user's object while one removes and the other uploads the same bytes at once", async () => {
    for (let round = 0; round < 3; round++) {
      const bytes = imageBytes('png');
      await uploadAvatar(alice.token, bytes);
      const [, b] = await Promise.all([removeAvatar(alice.token), uploadAvatar(bob.token, bytes)]);
      expect(b.status).toBe(200);
      expect((await fetchMedia(keyOf(b.body.data.avatar_url))).status).toBe(200);
      expect(await bucketKeys()).toEqual(await referencedKeys());
    }
    await removeAvatar(bob.token);
  });

  it('keeps one image used as avatar and cover as two objects, each removed on its own', async () => {
    const bytes = imageBytes('gif');
    const avatar = await postForm('/v1/user/profile/avatar', alice.token, {
      avatar: file(bytes, 'a.gif', 'image/gif'),
    });
    const cover = await postForm('/v1/user/profile/cover-image', alice.token, {
      cover_image: file(bytes, 'c.gif', 'image/gif'),
    });
    expect(keyOf(cover.body.data.cover_image_url)).toMatch(
      new RegExp(`^covers/${await ownerOf(alice.id)}/[0-9a-f]{64}\\.gif$`),
    );
    await removeAvatar(alice.token);
    expect((await fetchMedia(keyOf(avatar.body.data.avatar_url))).status).toBe(404);
    expect((await fetchMedia(keyOf(cover.body.data.cover_image_url))).status).toBe(200);
    await api('/v1/user/profile/cover-image', { method: 'DELETE', token: alice.token });
    expect(await bucketKeys()).toEqual(await referencedKeys());
  });

  it('still serves a key of the older shared shape, and deletes it only when no card uses it', async () => {
    const legacy = `avatars/${'ab'.repeat(32)}.png`;
    const bytes = imageBytes('png');
    await env.MEDIA.put(legacy, bytes, { httpMetadata: { contentType: 'image/png' } });
    await env.DB.prepare('UPDATE profiles SET avatar_key = ? WHERE user_id IN (?, ?)')
      .bind(legacy, alice.id, bob.id)
      .run();
    expect((await api('/v1/user/profile', { token: bob.token })).body.data.avatar_url).toBe(
      `${ORIGIN}/media/${legacy}`,
    );
    expect((await fetchMedia(legacy)).status).toBe(200);

    await uploadAvatar(alice.token, imageBytes('png'));
    expect((await fetchMedia(legacy)).status).toBe(200);
    await removeAvatar(bob.token);
    expect((await fetchMedia(legacy)).status).toBe(404);
    await removeAvatar(alice.token);
    expect(await bucketKeys()).toEqual(await referencedKeys());
  });
});

describe('GET /media/*', () => {
  it('serves only keys of the shapes it writes, read as sent: no other prefix, encoded slash or extra segment', async () => {
    const owner = await ownerOf(alice.id);
    const hash = 'cd'.repeat(32);
    const key = `avatars/${owner}/${hash}.png`;
    const stray = [`avatars/${hash}.png`, `other/${owner}/${hash}.png`, `avatars/${owner}/${hash}.html`];
    await env.MEDIA.put(key, imageBytes('png'), { httpMetadata: { contentType: 'image/png' } });
    for (const path of stray) await env.MEDIA.put(path, '<script>alert(1)</script>');
    expect((await fetchMedia(key)).status).toBe(200);

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
      '',
    ]) {
      const res = await fetchMedia(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
    for (const path of [key, ...stray]) await env.MEDIA.delete(path);
    expect(await profileRow(alice.id)).toMatchObject({ avatar_key: null });
  });
});
