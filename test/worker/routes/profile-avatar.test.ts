import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@shared/constants';
import { apiWith } from '../auth-helpers';
import { ORIGIN, registerUser } from '../helpers';
import { bucketKeys, bucketMatchesCards, file, form, imageBytes, postForm, profileRow, ownerOf } from '../images';

let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser(), registerUser()]);
});

const update = (token: string, fields: Record<string, string | File>) =>
  postForm('/v1/user/profile/update', token, fields);
const png = async () => file(await imageBytes('png'), 'me.png', 'image/png');

/** What a refused or failed update must leave: the same row and exactly the objects cards use. */
async function expectNothingChanged(userId: string, before: Record<string, unknown> | null, keys: string[]) {
  expect(await profileRow(userId)).toEqual(before);
  expect(await bucketKeys()).toEqual(keys);
  expect(keys).toEqual((await bucketMatchesCards()).cards);
}

describe('POST /v1/user/profile/update with an avatar', () => {
  it('replaces the avatar and deletes the old object', async () => {
    const first = await update(alice.token, { name: alice.name, username: alice.username, avatar: await png() });
    expect(first.status).toBe(200);
    const firstKey = (await profileRow(alice.id))?.avatar_key as string;
    expect(await bucketKeys()).toContain(`${firstKey}/384.jpg`);

    const bytes = await imageBytes('jpeg');
    const second = await update(alice.token, {
      name: 'Alice Again',
      username: alice.username,
      avatar: file(bytes, 'me.jpg', 'image/jpeg'),
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ name: 'Alice Again' });
    const secondKey = (await profileRow(alice.id))?.avatar_key as string;
    expect(secondKey).toMatch(new RegExp(`^avatars/${await ownerOf(alice.id)}/[0-9a-f]{32}$`));
    expect(await bucketKeys()).not.toContain(`${firstKey}/384.jpg`);
    const { bucket, cards } = await bucketMatchesCards();
    expect(bucket).toEqual(cards);
    const served = await SELF.fetch(second.body.data.avatar_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    expect((await profileRow(alice.id))?.avatar_original).toMatch(/\.jpg$/);
    expect(await env.MEDIA.get((await profileRow(alice.id))?.avatar_original as string).then((o) => o?.size)).toBe(
      bytes.length,
    );
  });

  it('refuses a 5 MB + 1 byte avatar with the documented message; nothing changes', async () => {
    const before = await profileRow(alice.id);
    const keys = await bucketKeys();
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(await imageBytes('png'));
    const res = await update(alice.token, {
      name: 'Changed Name',
      username: alice.username,
      bio: 'changed',
      avatar: file(big, 'big.png', 'image/png'),
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: 'Avatar image must be less than 5MB',
      errors: { avatar: ['Avatar image must be less than 5MB'] },
    });
    await expectNothingChanged(alice.id, before, keys);
  });

  it('refuses a taken username without storing the new avatar', async () => {
    const before = await profileRow(alice.id);
    const keys = await bucketKeys();
    const res = await update(alice.token, { name: 'Changed Name', username: bob.username, avatar: await png() });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: ['This username is already taken'] });
    await expectNothingChanged(alice.id, before, keys);
  });

  it('changes nothing when the database write fails after the new avatar is stored', async () => {
    const before = await profileRow(alice.id);
    const keys = await bucketKeys();
    // The unique index deciding a race for the name at the moment of writing, as D1 reports it.
    await env.DB.prepare(
      `CREATE TRIGGER name_race BEFORE UPDATE OF avatar_key ON cards WHEN NEW.id = '${alice.id}'
       BEGIN SELECT RAISE(ABORT, 'UNIQUE constraint failed: cards.username'); END`,
    ).run();
    try {
      const res = await update(alice.token, {
        name: 'Changed Name',
        username: `${alice.username}x`,
        avatar: await png(),
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ username: ['This username is already taken'] });
    } finally {
      await env.DB.prepare('DROP TRIGGER name_race').run();
    }
    await expectNothingChanged(alice.id, before, keys);
  });

  it('changes nothing when storing the new avatar fails', async () => {
    const before = await profileRow(alice.id);
    const keys = await bucketKeys();
    const downForWrites = {
      put: () => Promise.reject(new Error('R2 unavailable')),
      get: (key: string) => env.MEDIA.get(key),
      head: (key: string) => env.MEDIA.head(key),
      delete: (key: string) => env.MEDIA.delete(key),
      list: () => env.MEDIA.list(),
    } as unknown as R2Bucket;
    const res = await apiWith({ MEDIA: downForWrites }, '/v1/user/profile/update', {
      method: 'POST',
      token: alice.token,
      body: form({ name: 'Changed Name', username: `${alice.username}y`, bio: 'changed', avatar: await png() }),
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, message: 'Something went wrong. Please try again.' });
    await expectNothingChanged(alice.id, before, keys);
  });

  it('keeps the other card untouched', async () => {
    const bobBefore = await profileRow(bob.id);
    const res = await update(alice.token, { name: 'Alice', username: alice.username, avatar: await png() });
    expect(res.status).toBe(200);
    expect(res.body.data.avatar_url.startsWith(`${ORIGIN}/media/avatars/${await ownerOf(alice.id)}/`)).toBe(true);
    expect(await profileRow(bob.id)).toEqual(bobBefore);
  });
});
