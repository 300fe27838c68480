// A company logo on a phone (docs/product.md §5 and §9): uploaded on Profile, drawn on the card
// under the company's line in a box of its own size, and put in the middle of the QR on Share,
// whose PNG download still reads with ZXing, ZBar and jsQR and whose SVG carries the logo itself.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { axeCollector } from '../harness/a11y.ts';
import { signedInAccount } from '../harness/api.ts';
import { equal, eventually, seeText, until, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { logoPng } from '../harness/images.ts';
import { misreadings, readQr } from '../harness/qr-decode.ts';

/** How many pixels of the logo's red the middle fifth of a picture holds. */
async function redInTheMiddle(png: string | Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const side = Math.min(info.width, info.height);
  let red = 0;
  for (let y = Math.round(side * 0.4); y < side * 0.6; y++)
    for (let x = Math.round(side * 0.4); x < side * 0.6; x++) {
      const at = (y * info.width + x) * 3;
      if (data[at]! > 180 && data[at + 1]! < 90 && data[at + 2]! < 120) red++;
    }
  return red;
}

export const companyLogo: Journey = {
  name: 'company logo: on the card and in the middle of the QR',
  timeoutMs: 180_000,
  async run(t) {
    const { page, app, context, outDir } = t;
    const axe = axeCollector(t, 'light');
    const username = t.unique('logo');
    await signedInAccount(context, app, username, 'Grace Hopper');
    const cardUrl = `${app.baseUrl}/p/${username}`;

    await t.step('Profile: a company typed and saved, a logo uploaded with its progress', async () => {
      await page.goto(`${app.baseUrl}/dashboard/profile`);
      await page.getByLabel('Company', { exact: true }).fill('Acme');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await seeText(page, 'Profile updated successfully');
      const field = page.getByRole('region', { name: 'Company logo' });
      await visible(field.getByRole('button', { name: 'Upload logo' }));
      const chooser = page.waitForEvent('filechooser');
      await field.getByRole('button', { name: 'Upload logo' }).click();
      await (await chooser).setFiles({ name: 'acme-logo.png', mimeType: 'image/png', buffer: await logoPng() });
      await visible(page.getByRole('progressbar', { name: 'Company logo' }));
      await seeText(page, 'Logo uploaded successfully', 60_000);
      await visible(field.getByRole('button', { name: 'Remove logo' }));
      await until(
        () =>
          field
            .getByAltText('Your company logo')
            .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0),
        'the stored logo drawn in the field',
      );
      await axe.here('profile with a company logo');
      await page.screenshot({ path: join(outDir, 'phone-profile-logo.png'), fullPage: true });
    });

    await t.step('the card shows the logo under the company, in its own box', async () => {
      await page.goto(cardUrl);
      const logo = page.locator('.logo img');
      await visible(logo);
      equal(await logo.getAttribute('alt'), 'Acme', 'the logo named by the company');
      equal([await logo.getAttribute('width'), await logo.getAttribute('height')], ['96', '48'], 'its size set');
      await until(
        () => logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0),
        'the logo loaded',
      );
      const box = await logo.boundingBox();
      equal([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)], [96, 48], 'drawn at 96x48');
      await axe.here('the card with a logo', true);
      await page.screenshot({ path: join(outDir, 'phone-card-logo.png'), fullPage: true });
    });

    await t.step('Share: the logo is in the middle of the QR, and its downloads carry it', async () => {
      await page.goto(`${app.baseUrl}/dashboard/share`);
      const toggle = page.getByRole('switch', { name: 'Company logo in the middle' });
      await visible(toggle);
      equal(await toggle.getAttribute('aria-checked'), 'true', 'on, since there is a logo');
      const code = page.getByRole('img', { name: `QR code for @${username}` });
      await until(async () => (await code.getAttribute('data-qr-ready')) === 'true', 'the QR drawn');
      equal(await code.getAttribute('data-qr-centre'), 'logo', 'the logo in the middle');
      await axe.here('share with the logo in the QR');
      await page.screenshot({ path: join(outDir, 'phone-share-logo.png'), fullPage: true });

      const png = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download PNG' }).click();
      const saved = join(outDir, `${username}_qrcode.png`);
      await (await png).saveAs(saved);
      const decoded = await readQr(saved);
      equal(misreadings(decoded.readings, `${cardUrl}?src=qr`), [], 'ZXing, ZBar and jsQR read the card URL');
      if ((await redInTheMiddle(saved)) < 500) throw new Error('the PNG has no logo in its middle');

      const svg = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download SVG' }).click();
      const savedSvg = join(outDir, `${username}_qrcode.svg`);
      await (await svg).saveAs(savedSvg);
      const text = await readFile(savedSvg, 'utf8');
      equal(/<image[^>]+href="data:image\/png;base64,/.test(text), true, 'the logo embedded in the SVG');
      equal(/href="(?!data:)/.test(text), false, 'nothing linked from the SVG');

      // Off: the photo's place again (the initials here), and the code redrawn without the logo.
      await toggle.click();
      await eventually(() => code.getAttribute('data-qr-centre'), 'photo', 'the middle without the logo');
      await until(async () => (await code.getAttribute('data-qr-ready')) === 'true', 'the QR redrawn');
      await axe.here('share with the logo off');
    });
    await axe.assertNone();
  },
};
