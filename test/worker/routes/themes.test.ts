import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOM_THEME, FONT_FAMILIES } from '@shared/constants';
import { SEED_TEMPLATES, SEED_THEMES } from '../../../worker/db/seed';
import { DESIGNED_THEMES } from '../../../worker/db/designed-themes';
import { env } from 'cloudflare:test';
import { BACKGROUND_IMAGE_MESSAGE } from '@shared/schemas/themes';
import { api, ORIGIN, registerUser } from '../helpers';
import { profileRow } from '../images';

let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  [alice, bob] = await Promise.all([registerUser(), registerUser()]);
});

const putTheme = (token: string | undefined, json: unknown) =>
  api('/v1/user/profile/theme', { method: 'PUT', token, json });
const putTemplate = (token: string | undefined, json: unknown) =>
  api('/v1/user/profile/template', { method: 'PUT', token, json });

const custom = {
  background_color: '#112233',
  text_color: '#fff',
  accent_color: '#FF0066',
  font_family: 'Merriweather, serif',
  background_image: 'https://images.example/bg.jpg',
};

describe('GET /v1/user/themes and /v1/user/templates', () => {
  it('lists the catalogue', async () => {
    const themes = await api('/v1/user/themes?all=true', { token: alice.token });
    expect(themes.status).toBe(200);
    expect(themes.body.success).toBe(true);
    expect(themes.body.data).toHaveLength(SEED_THEMES.length + DESIGNED_THEMES.length);
    expect(themes.body.data[0]).toEqual({
      id: 1,
      name: 'Classic Light',
      background_color: '#ffffff',
      text_color: '#111827',
      accent_color: '#2563eb',
      font_family: 'Inter, sans-serif',
      background_image: null,
      is_default: true,
    });

    const templates = await api('/v1/user/templates?all=true', { token: alice.token });
    expect(templates.status).toBe(200);
    expect(templates.body.data).toHaveLength(SEED_TEMPLATES.length);
    expect(templates.body.data[0]).toMatchObject({
      id: 1,
      name: 'Classic',
      thumbnail_url: '/templates/classic.svg',
      config: { layout: 'single-column', showAvatar: true, avatarPosition: 'center' },
    });
  });

  it('answers 401 to anonymous requests', async () => {
    expect((await api('/v1/user/themes?all=true')).status).toBe(401);
    expect((await api('/v1/user/templates?all=true')).status).toBe(401);
  });
});

describe('PUT /v1/user/profile/theme', () => {
  it('selects a preset and answers data {theme_id, theme, custom_theme}', async () => {
    const res = await putTheme(alice.token, { theme_id: 2, custom_theme: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Theme updated successfully',
      data: { theme_id: 2, theme: { id: 2, name: 'Midnight' }, custom_theme: null },
    });
    expect(await profileRow(alice.id)).toMatchObject({ theme_id: 2, custom_theme: null });
  });

  it('saves a custom theme alone, keeping the preset, and switches back with null', async () => {
    const res = await putTheme(alice.token, { custom_theme: custom });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Custom theme updated successfully',
      data: { theme_id: 2, custom_theme: custom },
    });
    expect(JSON.parse((await profileRow(alice.id))?.custom_theme as string)).toEqual(custom);
    const profile = await api('/v1/user/profile', { token: alice.token });
    expect(profile.body.data.custom_theme).toEqual(custom);

    const back = await putTheme(alice.token, { theme_id: 4, custom_theme: null });
    expect(back.body.data).toMatchObject({ theme_id: 4, custom_theme: null });
    expect(await profileRow(alice.id)).toMatchObject({ theme_id: 4, custom_theme: null });
  });

  it("fills a custom theme's missing fields with the documented defaults and drops an empty background", async () => {
    const res = await putTheme(bob.token, { custom_theme: { accent_color: '#abc', background_image: '' } });
    expect(res.body.data.custom_theme).toEqual({
      ...DEFAULT_CUSTOM_THEME,
      accent_color: '#abc',
      background_image: null,
    });
  });

  it('refuses a wrong colour, an unknown font, a bad image URL, an unknown theme and an empty body; nothing changes', async () => {
    const before = await profileRow(alice.id);
    const cases: [unknown, string, string][] = [
      [
        { custom_theme: { ...custom, accent_color: 'red' } },
        'custom_theme.accent_color',
        'Accent colour must be a colour like #RGB or #RRGGBB',
      ],
      [
        { custom_theme: { ...custom, background_color: '#12345' } },
        'custom_theme.background_color',
        'Background colour must be a colour like #RGB or #RRGGBB',
      ],
      [
        { custom_theme: { ...custom, text_color: '#ggg' } },
        'custom_theme.text_color',
        'Text colour must be a colour like #RGB or #RRGGBB',
      ],
      [
        { custom_theme: { ...custom, font_family: 'Comic Sans MS' } },
        'custom_theme.font_family',
        `Font must be one of: ${FONT_FAMILIES.join('; ')}`,
      ],
      [
        { custom_theme: { ...custom, background_image: 'javascript:alert(1)' } },
        'custom_theme.background_image',
        BACKGROUND_IMAGE_MESSAGE,
      ],
      [
        { custom_theme: { ...custom, background_image: `https://images.example/${'a'.repeat(2048)}.jpg` } },
        'custom_theme.background_image',
        'Background image URL is too long',
      ],
      [{ theme_id: 9999 }, 'theme_id', 'The selected theme does not exist'],
      [{ theme_id: 'midnight' }, 'theme_id', 'Please choose a theme'],
      // Never read as theme 1 (or 0, or 3).
      ...[true, false, null, '', [3], { id: 3 }, 2.5, '2.5', 0, -1].map((theme_id): [unknown, string, string] => [
        { theme_id },
        'theme_id',
        'Please choose a theme',
      ]),
      [{}, 'theme_id', 'Choose a theme or send a custom theme'],
      // A custom theme that is not an object is named in plain words.
      ...['#000000', '', 5, true, [custom]].map((custom_theme): [unknown, string, string] => [
        { custom_theme },
        'custom_theme',
        'Custom theme must be an object of colours and a font, or null',
      ]),
    ];
    for (const [body, field, message] of cases) {
      const res = await putTheme(alice.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(body)).toContain(message);
    }
    expect(await profileRow(alice.id)).toEqual(before);
  });

  it('holds a background URL to the icon rule: https only, never this deployment; nothing stored changes', async () => {
    const user = await registerUser();
    expect((await putTheme(user.token, { custom_theme: custom })).status).toBe(200);
    const before = await profileRow(user.id);
    const refused = [
      `${ORIGIN}/v1/user/profile`,
      `${ORIGIN}/v1/link/1/click`,
      // The same host however it is spelt, and the loopback names of a development run.
      `https://CARD.test./p/${user.username}`,
      'https://localhost:8787/v1/auth/logout',
      // Plain http, elsewhere or here.
      'http://images.example/bg.jpg',
      'http://card.test/v1/link/1/click',
    ];
    for (const background_image of refused) {
      const res = await putTheme(user.token, {
        custom_theme: { ...custom, accent_color: '#000000', background_image },
      });
      expect(res.status, background_image).toBe(422);
      expect(res.body.errors, background_image).toEqual({
        'custom_theme.background_image': [BACKGROUND_IMAGE_MESSAGE],
      });
    }
    expect(await profileRow(user.id)).toEqual(before);

    // An https image elsewhere, and this deployment's own images, are what the rule lets through.
    for (const background_image of ['https://cdn.images.example/b.webp', `${ORIGIN}/icons/github.svg`]) {
      const res = await putTheme(user.token, { custom_theme: { ...custom, background_image } });
      expect(res.status, background_image).toBe(200);
      expect(res.body.data.custom_theme.background_image).toBe(background_image);
    }
  });

  it('keeps a background stored before the rule as it is, so its owner can still save colours', async () => {
    const user = await registerUser();
    // What an earlier release stored: a plain http URL.
    const legacy = { ...custom, background_image: 'http://images.example/old.jpg' };
    await env.DB.prepare('UPDATE profiles SET custom_theme = ? WHERE user_id = ?')
      .bind(JSON.stringify(legacy), user.id)
      .run();
    const saved = await putTheme(user.token, { custom_theme: { ...legacy, accent_color: '#00aa00' } });
    expect(saved.status).toBe(200);
    expect(JSON.parse((await profileRow(user.id))?.custom_theme as string)).toEqual({
      ...legacy,
      accent_color: '#00aa00',
    });
    const other = await putTheme(user.token, {
      custom_theme: { ...legacy, background_image: 'http://images.example/new.jpg' },
    });
    expect(other.status).toBe(422);
    expect(JSON.parse((await profileRow(user.id))?.custom_theme as string).background_image).toBe(
      legacy.background_image,
    );
  });

  it('accepts the id as numeric text, as a form sends it', async () => {
    const res = await putTheme(bob.token, { theme_id: '3', custom_theme: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ theme_id: 3, theme: { id: 3 } });
    expect(await profileRow(bob.id)).toMatchObject({ theme_id: 3 });
  });

  it('refuses a body over 16 KB with 413 and changes nothing', async () => {
    const before = await profileRow(alice.id);
    const res = await putTheme(alice.token, { theme_id: 2, padding: 'x'.repeat(17 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'The request body is too large.' });
    expect(await profileRow(alice.id)).toEqual(before);
  });

  it("changes only the caller's card; anonymous gets 401", async () => {
    const bobBefore = await profileRow(bob.id);
    await putTheme(alice.token, { theme_id: 5, custom_theme: null });
    expect(await profileRow(bob.id)).toEqual(bobBefore);
    const anonymous = await putTheme(undefined, { theme_id: 6 });
    expect(anonymous.status).toBe(401);
    expect(await profileRow(bob.id)).toEqual(bobBefore);
  });
});

describe('PUT /v1/user/profile/template', () => {
  it('selects a template', async () => {
    const res = await putTemplate(alice.token, { template_id: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Template updated successfully',
      data: { template_id: 3, template: { id: 3, name: 'Professional' } },
    });
    expect(await profileRow(alice.id)).toMatchObject({ template_id: 3 });
    const profile = await api('/v1/user/profile', { token: alice.token });
    expect(profile.body.data.template).toMatchObject({ name: 'Professional', config: { layout: 'two-column' } });
  });

  it("changes only the caller's card, and accepts the id as numeric text", async () => {
    await putTemplate(bob.token, { template_id: 1 });
    const bobBefore = await profileRow(bob.id);
    const res = await putTemplate(alice.token, { template_id: '2' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ template_id: 2, template: { id: 2 } });
    expect(await profileRow(alice.id)).toMatchObject({ template_id: 2 });
    expect(await profileRow(bob.id)).toEqual(bobBefore);
  });

  it('refuses a template id that is not a positive integer, and changes nothing', async () => {
    const before = await profileRow(alice.id);
    for (const template_id of ['classic', 'two', '', true, false, null, [2], { id: 2 }, 1.5, '1.5', 0, '-2']) {
      const res = await putTemplate(alice.token, { template_id });
      expect(res.status, JSON.stringify(template_id)).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: 'Please choose a template',
        errors: { template_id: ['Please choose a template'] },
      });
    }
    expect(await profileRow(alice.id)).toEqual(before);
  });

  it('refuses an unknown or missing template, changes nothing; anonymous gets 401', async () => {
    const before = await profileRow(alice.id);
    const bobBefore = await profileRow(bob.id);
    const unknown = await putTemplate(alice.token, { template_id: 4242 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.template_id).toEqual(['The selected template does not exist']);
    const missing = await putTemplate(alice.token, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.template_id).toEqual(['Please choose a template']);
    expect((await putTemplate(undefined, { template_id: 2 })).status).toBe(401);
    expect(await profileRow(alice.id)).toEqual(before);
    expect(await profileRow(bob.id)).toEqual(bobBefore);
  });
});
