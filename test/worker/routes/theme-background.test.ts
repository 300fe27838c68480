import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, ORIGIN, registerUser } from '../helpers';
import { cardKeys, expectImageRefusals, file, imageBytes, ownerOf, postForm, profileRow, setFilesOf } from '../images';
import { readZip } from '../zip-reader';

// The custom theme's background image is uploaded through the avatar's and cover's
// pipeline (derivatives, the user's media folder, release on replace, removal, deletion).

const PATH = '/v1/user/profile/background-image';
const upload = async (token: string, kind: 'png' | 'jpeg' = 'png') =>
  postForm(PATH, token, { background_image: file(await imageBytes(kind), `bg.${kind}`, `image/${kind}`) });
const keyOf = (url: string) => url.slice(`${ORIGIN}/media/`.length);
const setUrl = async (userId: string) =>
  new RegExp(`^${ORIGIN}/media/backgrounds/${await ownerOf(userId)}/[0-9a-f]{32}/1440\\.jpg$`);

const putTheme = (token: string, background_image: string | null) =>
  api('/v1/user/profile/theme', {
    method: 'PUT',
    token,
    json: { custom_theme: { background_color: '#ffffff', text_color: '#111827', background_image } },
  });

describe('POST/DELETE /v1/user/profile/background-image', () => {
  it('uploads, shows on the card, replaces and removes, leaving only the live files', async () => {
    const user = await registerUser();
    const first = await upload(user.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Background image uploaded successfully' });
    const url: string = first.body.data.background_image_url;
    expect(url).toMatch(await setUrl(user.id));
    const row = await profileRow(user.id);
    expect(`${row?.background_key}/1440.jpg`).toBe(keyOf(url));
    expect(row?.background_placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(await cardKeys(user.id)).toEqual(
      [...setFilesOf('background', row!.background_key as string), row!.background_original as string].sort(),
    );
    const served = await (await import('cloudflare:test')).SELF.fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');

    // The editor saves the theme it was answered: the upload's URL stays the upload, not a URL.
    const saved = await putTheme(user.token, url);
    expect(saved.status).toBe(200);
    expect(saved.body.data.custom_theme.background_image).toBe(url);
    expect(JSON.parse((await profileRow(user.id))?.custom_theme as string).background_image).toBeNull();
    const card = await api(`/v1/p/${user.username}`);
    expect(card.body.data.custom_theme.background_image).toBe(url);
    const page = await (await import('cloudflare:test')).SELF.fetch(`${ORIGIN}/p/${user.username}`);
    expect(await page.text()).toContain(keyOf(url));

    const second = await upload(user.token, 'jpeg');
    expect(second.status).toBe(200);
    const secondRow = await profileRow(user.id);
    expect(await cardKeys(user.id)).toEqual(
      [
        ...setFilesOf('background', secondRow!.background_key as string),
        secondRow!.background_original as string,
      ].sort(),
    );

    const removed = await api(PATH, { method: 'DELETE', token: user.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, message: 'Background image removed successfully' });
    expect(removed.body.data.background_image_url).toBeNull();
    expect(removed.body.data.custom_theme.background_image).toBeNull();
    expect((await profileRow(user.id))?.background_key).toBeNull();
    expect(await cardKeys(user.id)).toEqual([]);
  });

  it('keeps a theme saved with an http(s) URL rendering; an upload wins over it until removed', async () => {
    const user = await registerUser();
    const legacy = 'https://images.example.com/bg.jpg';
    expect((await putTheme(user.token, legacy)).status).toBe(200);
    expect((await api(`/v1/p/${user.username}`)).body.data.custom_theme.background_image).toBe(legacy);

    const uploaded = await upload(user.token);
    expect(uploaded.body.data.custom_theme.background_image).toBe(uploaded.body.data.background_image_url);
    await api(PATH, { method: 'DELETE', token: user.token });
    expect((await api(`/v1/p/${user.username}`)).body.data.custom_theme.background_image).toBe(legacy);
  });

  it('keeps the upload when a tab opened before it saves a custom theme with no background', async () => {
    const user = await registerUser();
    // Tab B opens the editor (no background yet); tab A uploads one; then B saves a colour.
    const url: string = (await upload(user.token)).body.data.background_image_url;
    const stale = await putTheme(user.token, null);
    expect(stale.status).toBe(200);
    // The upload stays, and the answer says so: B is shown the card as it really is.
    expect(stale.body.data.custom_theme.background_image).toBe(url);
    expect((await profileRow(user.id))?.background_key).not.toBeNull();
    expect((await api(`/v1/p/${user.username}`)).body.data.custom_theme.background_image).toBe(url);
  });

  it('releases the upload when the owner saves a theme that uses another background, or a preset', async () => {
    const user = await registerUser();
    const url: string = (await upload(user.token)).body.data.background_image_url;
    expect((await putTheme(user.token, url)).body.data.custom_theme.background_image).toBe(url);

    // A custom theme naming another background: the upload is no longer what the card uses.
    const other = await putTheme(user.token, 'https://images.example.com/bg.jpg');
    expect(other.status).toBe(200);
    expect(other.body.data.custom_theme.background_image).toBe('https://images.example.com/bg.jpg');
    expect((await profileRow(user.id))?.background_key).toBeNull();
    expect(await cardKeys(user.id)).toEqual([]);

    // Back to a preset: the same.
    await upload(user.token);
    const themes = await api('/v1/user/themes', { token: user.token });
    const preset = await api('/v1/user/profile/theme', {
      method: 'PUT',
      token: user.token,
      json: { theme_id: themes.body.data[0].id, custom_theme: null },
    });
    expect(preset.status).toBe(200);
    expect(preset.body.data.custom_theme).toBeNull();
    expect(await cardKeys(user.id)).toEqual([]);
  });

  it('refuses an oversized, a non-image and a missing file with a clear 4xx, changing nothing', async () => {
    const user = await registerUser();
    await upload(user.token);
    const before = await profileRow(user.id);
    const keys = await cardKeys(user.id);

    await expectImageRefusals(PATH, user.token, 'background_image', {
      size: 'Background image',
      type: 'Background image',
    });

    const missing = await postForm(PATH, user.token, {});
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('Please choose a background image');

    expect(await profileRow(user.id)).toEqual(before);
    expect(await cardKeys(user.id)).toEqual(keys);
  });

  it('lets no one else change it, and anonymous requests are refused', async () => {
    const [alice, bob] = await Promise.all([registerUser(), registerUser()]);
    const mine = await upload(alice.token);
    const before = await profileRow(alice.id);

    expect((await upload(bob.token)).status).toBe(200);
    expect((await api(PATH, { method: 'DELETE', token: bob.token })).status).toBe(200);
    expect(await profileRow(alice.id)).toEqual(before);
    const { SELF } = await import('cloudflare:test');
    expect((await SELF.fetch(mine.body.data.background_image_url)).status).toBe(200);

    const anonymous = await postForm(PATH, undefined, {
      background_image: file(await imageBytes('png'), 'bg.png', 'image/png'),
    });
    expect(anonymous.status).toBe(401);
    expect((await api(PATH, { method: 'DELETE' })).status).toBe(401);
    expect(await profileRow(alice.id)).toEqual(before);
  });

  it('is deleted with the account, and is part of the export, leaving another account’s alone', async () => {
    const [user, other] = await Promise.all([registerUser(), registerUser()]);
    await upload(user.token);
    const otherUrl: string = (await upload(other.token, 'jpeg')).body.data.background_image_url;
    expect((await cardKeys(user.id)).some((key) => key.startsWith('backgrounds/'))).toBe(true);
    const otherRow = await profileRow(other.id);
    const otherKeys = await cardKeys(other.id);
    expect(otherKeys.some((key) => key.startsWith('backgrounds/'))).toBe(true);

    const { SELF } = await import('cloudflare:test');
    const exported = await SELF.fetch(`${ORIGIN}/v1/user/export`, {
      headers: { Authorization: `Bearer ${user.token}` },
    });
    expect(exported.status).toBe(200);
    // Opened by a reader of our own writing from the zip format, not the fflate that wrote it.
    const entries = await readZip(new Uint8Array(await exported.arrayBuffer()));
    const backgrounds = [...entries.keys()].filter((name) => name.startsWith('images/background.'));
    expect(backgrounds).toHaveLength(1);
    const original = (await profileRow(user.id))?.background_original as string;
    expect(backgrounds[0]).toBe(`images/background.${original.split('.').pop()}`);
    const stored = new Uint8Array(await (await env.MEDIA.get(original))!.arrayBuffer());
    expect(entries.get(backgrounds[0]!)).toEqual(stored);
    // Nothing of the other account's: not its picture, not its name or its files' folder.
    const otherOriginal = new Uint8Array(
      await (await env.MEDIA.get(otherRow!.background_original as string))!.arrayBuffer(),
    );
    const text = [...entries]
      .filter(([name]) => !name.startsWith('images/'))
      .map(([, bytes]) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(text).toContain(user.username);
    for (const secret of [other.username, other.email, other.id, otherRow!.background_key as string]) {
      expect(text).not.toContain(secret);
    }
    for (const bytes of entries.values()) expect(bytes).not.toEqual(otherOriginal);

    const res = await api('/v1/user', {
      method: 'DELETE',
      token: user.token,
      json: { current_password: user.password },
    });
    expect(res.status).toBe(200);
    expect(await cardKeys(user.id)).toEqual([]);
    expect(await cardKeys(other.id)).toEqual(otherKeys);
    expect(await profileRow(other.id)).toEqual(otherRow);
    expect((await SELF.fetch(otherUrl)).status).toBe(200);
  });
});
