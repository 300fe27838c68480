// The one-off media migration: images stored as sent before derivatives become sets.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { derivativeNames } from '@shared/media';
import { createDb } from '../../../worker/middleware/db';
import { sha256Hex } from '../../../worker/lib/image-type';
import { legacyMediaCount, migrateLegacyMedia } from '../../../worker/services/media-migration';
import { apiWith } from '../auth-helpers';
import { api, registerUser } from '../helpers';
import { bucketMatchesCards, imageBytes, ownerOf, phonePhotos, profileRow } from '../images';
import { metadataFound, pixelsOf, uprightness } from '../pixels';

let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
let carol: Awaited<ReturnType<typeof registerUser>>;

const put = (key: string, bytes: Uint8Array, type: string) =>
  env.MEDIA.put(key, bytes, { httpMetadata: { contentType: type } });
const setColumns = (userId: string, columns: Record<string, string | null>) =>
  env.DB.prepare(
    `UPDATE profiles SET ${Object.keys(columns)
      .map((column) => `${column} = ?`)
      .join(', ')} WHERE user_id = ?`,
  )
    .bind(...Object.values(columns), userId)
    .run();

const BROKEN_BINDING = {
  info: () => Promise.reject(new Error('Images unavailable')),
  input: () => ({
    transform() {
      return this;
    },
    output: () => Promise.reject(new Error('Images unavailable')),
  }),
} as unknown as ImagesBinding;

describe('migrateLegacyMedia', { timeout: 120_000 }, () => {
  let aliceAvatar: string;
  let sharedCover: string;
  let brokenAvatar: string;
  beforeAll(async () => {
    // One after another: the migration takes the oldest cards first.
    alice = await registerUser();
    bob = await registerUser();
    carol = await registerUser();
    // As the Worker stored uploads before derivatives: per user, and the older shared shape.
    const photo = phonePhotos().avatar;
    aliceAvatar = `avatars/${await ownerOf(alice.id)}/${await sha256Hex(photo)}.jpg`;
    const png = await imageBytes('png');
    sharedCover = `covers/${await sha256Hex(png)}.png`;
    const truncated = Uint8Array.from([0xff, 0xd8, 0xff]);
    brokenAvatar = `avatars/${await ownerOf(carol.id)}/${await sha256Hex(truncated)}.jpg`;
    await put(aliceAvatar, photo, 'image/jpeg');
    await put(sharedCover, png, 'image/png');
    await put(brokenAvatar, truncated, 'image/jpeg');
    await setColumns(alice.id, { avatar_key: aliceAvatar, cover_key: sharedCover });
    await setColumns(bob.id, { cover_key: sharedCover });
    await setColumns(carol.id, { avatar_key: brokenAvatar });
  }, 120_000);

  it('converts every image stored as sent, in bounded runs, and leaves exactly what the cards use', async () => {
    const db = createDb(env.DB);
    expect(await legacyMediaCount(db)).toBe(4);
    // While the Images binding fails, nothing is converted and nothing is dropped: the run fails.
    await expect(migrateLegacyMedia(db, { ...env, IMAGES: BROKEN_BINDING })).rejects.toThrow();
    expect(await legacyMediaCount(db)).toBe(4);
    expect((await profileRow(carol.id))?.avatar_key).toBe(brokenAvatar);
    // A run of one card at a time: alice's two images first, while bob still uses the shared cover.
    const first = await migrateLegacyMedia(db, env, 1);
    expect(first).toEqual({ converted: 2, cleared: 0, skipped: 0, remaining: 2 });
    expect((await env.MEDIA.head(sharedCover))?.size).toBeGreaterThan(0);
    const rest = await migrateLegacyMedia(db, env);
    expect(rest).toEqual({ converted: 1, cleared: 1, skipped: 0, remaining: 0 });
    expect(await migrateLegacyMedia(db, env)).toEqual({ converted: 0, cleared: 0, skipped: 0, remaining: 0 });

    const { bucket, cards } = await bucketMatchesCards();
    expect(bucket).toEqual(cards);
    for (const key of [aliceAvatar, sharedCover, brokenAvatar]) expect(await env.MEDIA.head(key)).toBeNull();
  });

  it('points each card at upright derivatives free of metadata, keeping the upload as its private original', async () => {
    const row = await profileRow(alice.id);
    expect(row?.avatar_key).toMatch(new RegExp(`^avatars/${await ownerOf(alice.id)}/[0-9a-f]{32}$`));
    expect(row?.avatar_original).toBe(`originals/${await ownerOf(alice.id)}/${aliceAvatar.split('/')[2]}`);
    expect(row?.avatar_placeholder).toMatch(/^data:image\/webp;base64,/);
    for (const { width, format } of derivativeNames('avatar')) {
      const bytes = new Uint8Array(await (await env.MEDIA.get(`${row?.avatar_key}/${width}.${format}`))!.arrayBuffer());
      expect(metadataFound(bytes)).toEqual([]);
      expect(uprightness(await pixelsOf(bytes))).toBeGreaterThan(100);
    }
    const card = await api(`/v1/p/${alice.username}`);
    expect(card.body.data.avatar_url).toBe(`https://card.test/media/${row?.avatar_key}/384.jpg`);
    // The old shared cover now lives in each user's own folder.
    expect((await profileRow(bob.id))?.cover_key).toMatch(new RegExp(`^covers/${await ownerOf(bob.id)}/`));
  });

  it('drops an image that never decoded, so the card shows its initials', async () => {
    const row = await profileRow(carol.id);
    expect(row).toMatchObject({ avatar_key: null, avatar_original: null, avatar_placeholder: null });
  });

  it('runs as a development route for npm start, and not at all outside development', async () => {
    const res = await api('/v1/dev/media-migration', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { converted: 0, cleared: 0, skipped: 0, remaining: 0 } });
    const production = await apiWith({ ENVIRONMENT: 'production' }, '/v1/dev/media-migration', { method: 'POST' });
    expect(production.status).toBe(404);
  });
});
