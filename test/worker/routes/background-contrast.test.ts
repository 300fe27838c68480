import { describe, expect, it } from 'vitest';
import { greyLevel } from '@shared/backdrop';
import { contrast, mix } from '@shared/colour';
import { encodePng } from '../../../worker/lib/png';
import { api, registerUser } from '../helpers';
import { file, phonePhotos, postForm, profileRow } from '../images';
import { setExchange, postContact, GRACE } from '../contacts/contact-helpers';
import { page } from '../page-helpers';

// The card's text over a background image (docs/product.md §2, Background image): the upload is
// measured where text sits, and the card draws a veil of its background colour over the image,
// the owner's or more, so the text reads at 4.5:1 on the image as drawn.

const PATH = '/v1/user/profile/background-image';
const WHITE_ON_NIGHT = { background_color: '#111827', text_color: '#ffffff', accent_color: '#60a5fa' };

const uploadPhoto = (token: string, bytes: Uint8Array, name = 'IMG_1024.JPG') =>
  postForm(PATH, token, { background_image: file(bytes, name, 'image/jpeg') });

const putTheme = (token: string, custom: Record<string, unknown>) =>
  api('/v1/user/profile/theme', { method: 'PUT', token, json: { custom_theme: custom } });

/** The custom properties the card sets on its <body>, as the browser reads them. */
function bodyVars(html: string) {
  const style = /<body style="([^"]*)"/.exec(html)?.[1] ?? '';
  const vars: Record<string, string> = {};
  for (const declaration of style.replace(/&quot;/g, '"').split(';')) {
    const at = declaration.indexOf(':');
    if (at > 0) vars[declaration.slice(0, at)] = declaration.slice(at + 1);
  }
  return vars;
}

/** The veil `--vl` as its colour and share (0..1), or null when the image is drawn as it is. */
function veilOf(vars: Record<string, string>) {
  const value = vars['--vl'];
  if (value === undefined) return null;
  const match = /^linear-gradient\((#[0-9a-f]{6})([0-9a-f]{2}),\1\2\) fixed,$/.exec(value);
  expect(match, value).not.toBeNull();
  return { colour: match![1]!, share: parseInt(match![2]!, 16) / 255 };
}

/** The lightest relevant grey of the image (its 95th percentile) under a veil, as a colour. */
const drawnLight = (light: number, veil: { colour: string; share: number } | null) => {
  const level = Math.round(light + (greyLevel(veil?.colour ?? '#000000') - light) * (veil?.share ?? 0));
  const byte = level.toString(16).padStart(2, '0');
  return `#${byte}${byte}${byte}`;
};

async function ownerWithBackground(photo: Uint8Array) {
  const user = await registerUser({ name: 'Ada Lovelace' });
  const uploaded = await uploadPhoto(user.token, photo);
  expect(uploaded.status).toBe(200);
  const url: string = uploaded.body.data.background_image_url;
  return { ...user, url, tones: uploaded.body.data.background_tones as { dark: number; light: number } };
}

describe('the contrast guard over a background image', { timeout: 60_000 }, () => {
  it('measures the upload where text sits and darkens white text on a bright photo just enough, on the card and its thank-you page', async () => {
    const owner = await ownerWithBackground(phonePhotos().bright);
    // Daylight: most of it lighter than white text can read on.
    expect(owner.tones.light).toBeGreaterThan(200);
    expect((await api(`/v1/p/${owner.username}`)).body.data.background_tones).toEqual(owner.tones);
    const saved = await putTheme(owner.token, { ...WHITE_ON_NIGHT, background_image: owner.url });
    expect(saved.status).toBe(200);
    // What the owner chose is kept as chosen (no veil); the card draws what reading needs.
    expect(saved.body.data.custom_theme.background_overlay).toBeUndefined();

    const card = await page(`/p/${owner.username}`);
    expect(card.status).toBe(200);
    const vars = bodyVars(card.text);
    expect(vars['--fg']).toBe('#ffffff');
    expect(vars['--img']).toContain('/media/backgrounds/');
    const veil = veilOf(vars);
    expect(veil?.colour).toBe('#111827');
    // Name and bio (--fg) and secondary text (--mu) read on the lightest part as drawn ...
    expect(contrast('#ffffff', drawnLight(owner.tones.light, veil))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(vars['--mu']!, drawnLight(owner.tones.light, veil))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(vars['--ai']!, drawnLight(owner.tones.light, veil))).toBeGreaterThanOrEqual(4.5);
    // ... and the veil is no darker than that takes (a whole percent less would not read).
    const lighter = { colour: veil!.colour, share: Math.floor(veil!.share * 100) / 100 - 0.01 };
    expect(contrast('#ffffff', drawnLight(owner.tones.light, lighter))).toBeLessThan(4.5);

    // The contact form's 'Thank you!' is drawn on the same veiled image.
    await setExchange(owner, true);
    const thanks = await postContact(owner.username, GRACE);
    expect(thanks.text).toContain('Thank you!');
    expect(bodyVars(thanks.text)['--vl']).toBe(vars['--vl']);
  });

  it('accepts white text on a dark photo unchanged, and draws the owner’s own overlay', async () => {
    const owner = await ownerWithBackground(phonePhotos().dark);
    expect(owner.tones.light).toBeLessThan(90);
    expect((await putTheme(owner.token, { ...WHITE_ON_NIGHT, background_image: owner.url })).status).toBe(200);
    const vars = bodyVars((await page(`/p/${owner.username}`)).text);
    expect(vars['--fg']).toBe('#ffffff');
    expect(vars['--img']).toContain('/media/backgrounds/');
    expect(vars['--vl']).toBeUndefined();

    // The owner's 40 % is drawn as set (0.4 of 255 is 0x66); the answer and the row keep it.
    const set = await putTheme(owner.token, { ...WHITE_ON_NIGHT, background_image: owner.url, background_overlay: 40 });
    expect(set.status).toBe(200);
    expect(set.body.data.custom_theme.background_overlay).toBe(40);
    expect(JSON.parse((await profileRow(owner.id))?.custom_theme as string).background_overlay).toBe(40);
    expect(bodyVars((await page(`/p/${owner.username}`)).text)['--vl']).toBe(
      'linear-gradient(#11182766,#11182766) fixed,',
    );
  });

  it('judges only where text sits: light edges a phone never shows under the text leave a dark middle unveiled', async () => {
    const owner = await registerUser();
    const side = 240;
    const data = new Uint8Array(side * side * 3);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const edge = x < side / 8 || x >= side - side / 8;
        data.fill(edge ? 250 : 30, (y * side + x) * 3, (y * side + x) * 3 + 3);
      }
    }
    const png = await encodePng({ width: side, height: side, channels: 3, data });
    const uploaded = await postForm(PATH, owner.token, { background_image: file(png, 'edges.png', 'image/png') });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data.background_tones.light).toBeLessThan(60);
    await putTheme(owner.token, { ...WHITE_ON_NIGHT, background_image: uploaded.body.data.background_image_url });
    expect(bodyVars((await page(`/p/${owner.username}`)).text)['--vl']).toBeUndefined();
  });

  it('assumes the worst of an image from another host, for white text and for dark', async () => {
    const owner = await registerUser();
    const url = 'https://images.example.com/beach.jpg';
    await putTheme(owner.token, { ...WHITE_ON_NIGHT, background_image: url });
    const white = bodyVars((await page(`/p/${owner.username}`)).text);
    // Taken as white, the veil must make white text read on white.
    expect(contrast('#ffffff', drawnLight(255, veilOf(white)))).toBeGreaterThanOrEqual(4.5);

    await putTheme(owner.token, { background_color: '#ffffff', text_color: '#111827', background_image: url });
    const dark = veilOf(bodyVars((await page(`/p/${owner.username}`)).text));
    // Taken as black too, dark text gets a veil of the white background, enough to read on black.
    expect(dark?.colour).toBe('#ffffff');
    expect(contrast('#111827', mix('#000000', '#ffffff', dark!.share))).toBeGreaterThanOrEqual(4.5);
  });

  it('refuses an overlay outside 0 to 90 with the field’s message, changing nothing', async () => {
    const owner = await registerUser();
    const before = await profileRow(owner.id);
    for (const overlay of [91, -1, 12.5, 'dark', true]) {
      const refused = await putTheme(owner.token, { ...WHITE_ON_NIGHT, background_overlay: overlay });
      expect(refused.status).toBe(422);
      expect(refused.body.errors['custom_theme.background_overlay']).toEqual([
        'Overlay must be a whole number from 0 to 90',
      ]);
    }
    expect(await profileRow(owner.id)).toEqual(before);
    expect((await putTheme(undefined as unknown as string, { ...WHITE_ON_NIGHT, background_overlay: 50 })).status).toBe(
      401,
    );
  });
});
