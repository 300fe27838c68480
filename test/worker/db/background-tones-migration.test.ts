import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, registerUser } from '../helpers';
import { file, ownerOf, phonePhotos, postForm } from '../images';
import { page } from '../page-helpers';

// Migration 0020 adds the measured tones of a theme background (docs/decisions/0093), null for
// every background of before. A card written by the previous release (a custom theme with no
// overlay, an uploaded background stored in AVIF, WebP and JPEG) keeps its theme, its images and
// its answers; the card takes its unmeasured background as the worst image there is, and deleting
// it still removes the AVIF files this release no longer makes. A background the previous release
// uploads while this one serves (it writes `profiles`, whose trigger updates the card) is not
// judged by the tones of the image it replaced.

const LIGHT_ON_DARK = {
  background_color: '#111827',
  text_color: '#ffffff',
  accent_color: '#60a5fa',
  font_family: 'Inter, sans-serif',
  background_image: null,
};

async function cardOfBefore() {
  const user = await registerUser({ name: 'Ada Lovelace' });
  const owner = await ownerOf(user.id);
  const set = `backgrounds/${owner}/${'c'.repeat(32)}`;
  const files = ['720.avif', '720.webp', '1440.avif', '1440.webp', '1440.jpg'].map((name) => `${set}/${name}`);
  for (const key of files) await env.MEDIA.put(key, new Uint8Array([1, 2, 3]));
  // As the previous release wrote it: through `profiles`, which the 0017 trigger copies to the card.
  await env.DB.prepare(
    `UPDATE profiles SET custom_theme = ?, background_key = ?, background_original = NULL,
       background_placeholder = 'data:image/webp;base64,AAAA' WHERE user_id = ?`,
  )
    .bind(JSON.stringify(LIGHT_ON_DARK), set, user.id)
    .run();
  return { ...user, set, files };
}

const cardRow = (id: string) =>
  env.DB.prepare(
    'SELECT custom_theme, background_key, background_placeholder, background_tones FROM cards WHERE id = ?',
  )
    .bind(id)
    .first<Record<string, string | null>>();

describe('migration 0020: the tones of a theme background', { timeout: 60_000 }, () => {
  it('keeps a card of before as it was, draws its unmeasured background safely, and deletes all of its files', async () => {
    const before = await cardOfBefore();
    const row = await cardRow(before.id);
    expect(row).toEqual({
      custom_theme: JSON.stringify(LIGHT_ON_DARK),
      background_key: before.set,
      background_placeholder: 'data:image/webp;base64,AAAA',
      background_tones: null,
    });

    const me = (await api('/v1/user/profile', { token: before.token })).body.data;
    expect(me.background_tones).toBeNull();
    expect(me.custom_theme).toEqual({ ...LIGHT_ON_DARK, background_image: me.background_image_url });
    expect(me.custom_theme).not.toHaveProperty('background_overlay');

    const card = await page(`/p/${before.username}`);
    expect(card.status).toBe(200);
    expect(card.text).toContain(`${before.set}/1440.jpg`);
    // Taken as white where text sits, the light text gets a veil of the dark background colour.
    expect(card.text).toMatch(/--vl:linear-gradient\(#111827[0-9a-f]{2},#111827[0-9a-f]{2}\) fixed,/);
    // Reading changed nothing stored.
    expect(await cardRow(before.id)).toEqual(row);

    const removed = await api('/v1/user/profile/background-image', { method: 'DELETE', token: before.token });
    expect(removed.status).toBe(200);
    for (const key of before.files) expect(await env.MEDIA.head(key), key).toBeNull();
  });

  it('does not judge a background the previous release uploaded by the tones of the one it replaced', async () => {
    const user = await registerUser();
    const dark = await postForm('/v1/user/profile/background-image', user.token, {
      background_image: file(phonePhotos().dark, 'night.jpg', 'image/jpeg'),
    });
    expect(dark.body.data.background_tones).not.toBeNull();
    // The previous release stores another set through `profiles`: it measures nothing.
    const other = `backgrounds/${await ownerOf(user.id)}/${'d'.repeat(32)}`;
    await env.DB.prepare('UPDATE profiles SET background_key = ? WHERE user_id = ?').bind(other, user.id).run();
    expect((await api('/v1/user/profile', { token: user.token })).body.data.background_tones).toBeNull();
    expect((await api(`/v1/p/${user.username}`)).body.data.background_tones).toBeNull();
  });
});
