// The public card's QR: 'Show QR code' opens the modal, a colour swatch changes the code, and
// 'Download QR code' saves {username}_qrcode.png whose decoded QR is the card's URL, with the
// owner's phone photo in the middle as most cards have.
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { signedInAccount } from '../harness/api.ts';
import { cameraJpeg, PHONE_AVATAR } from '../../fixtures/camera-photos.ts';
import { equal, eventually, until, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { smallTargets } from '../harness/layout.ts';
import { uploadPhoto } from '../harness/phone-card.ts';
import { misreadings, readQr } from '../harness/qr-decode.ts';

// The little of the DOM the in-page function below touches (this project's Node types have no DOM).
type Pixels = { data: Uint8ClampedArray };
type Canvas = { width: number; height: number; getContext(kind: '2d'): { getImageData(...box: number[]): Pixels } };
type Box = { querySelector(selector: 'canvas'): Canvas | null };

/** The colour the code is drawn in: the commonest non-white colour of its canvas (null while blank). */
const codeColour = (box: Locator) =>
  box.evaluate((element) => {
    const canvas = (element as unknown as Box).querySelector('canvas');
    if (!canvas) return null;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const counts = new Map<string, number>();
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a < 255 || (r > 240 && g > 240 && b > 240)) continue;
      const hex = `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
      counts.set(hex, (counts.get(hex) ?? 0) + 1);
    }
    const [best] = [...counts].sort((x, y) => y[1] - x[1]);
    return best ? best[0] : null;
  });

export const qr: Journey = {
  name: 'QR code: quick view, colour, download',
  async run(t) {
    const { page, app, browser, outDir } = t;
    const username = t.unique('qr');
    // The owner sets the card up elsewhere; this browser is an anonymous visitor.
    const owner = await browser.newContext();
    const { api, session } = await signedInAccount(owner, app, username, 'Alan Turing');
    await owner.close();
    await uploadPhoto(app.baseUrl, session.token, 'avatar', await cameraJpeg(PHONE_AVATAR, 3));
    // A card longer than the screen, so its end is a scroll away.
    for (let i = 0; i < 12; i++)
      await api.post('/v1/user/links', { title: `Link ${i + 1}`, url: `https://example.com/${i + 1}`, icon: '' });
    const cardUrl = `${app.baseUrl}/p/${username}`;

    const dialog = page.getByRole('dialog', { name: 'QR code', exact: true });
    const box = dialog.getByRole('img', { name: `QR code for @${username}` });

    await t.step("at the end of the card the footer's links are big enough to tap", async () => {
      await page.goto(cardUrl);
      await visible(page.getByRole('button', { name: 'Share', exact: true }));
      await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
      // 'Cardlink' and 'Report' in the footer's small print: taps that reach past their 15px line.
      equal(await smallTargets(page.locator('footer a'), 36), [], 'the footer links smaller than 36px');
    });

    await t.step('Show QR code opens the QR modal', async () => {
      await page.goto(cardUrl);
      await visible(page.getByRole('heading', { name: 'Alan Turing', exact: true }));
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await page.getByRole('button', { name: 'Show QR code' }).click();
      await visible(dialog);
      await visible(dialog.getByText(`@${username.toUpperCase()}`, { exact: true }));
      await until(async () => (await dialog.locator('[data-qr-ready="true"]').count()) === 1, 'the QR is ready');
      await eventually(() => codeColour(box), '#000000', 'the code drawn in the first swatch colour');
      // Fingertip-sized: the swatches and Close were 28px, easy to miss on a phone.
      const swatchesAndClose = dialog.getByRole('button', { name: /^(QR colour|Close$)/ });
      equal(await smallTargets(swatchesAndClose, 44), [], 'the swatches and Close smaller than 44px');
      equal(
        await Promise.all(
          (await dialog.getByRole('button', { name: /^QR colour / }).all()).map((swatch) =>
            swatch.getAttribute('aria-label'),
          ),
        ),
        ['#000000', '#1DA1F2', '#405DE6', '#00C300', '#333333', '#E1306C'].map((colour) => `QR colour ${colour}`),
        'the six swatches of the palette',
      );
    });

    await t.step('a colour swatch changes the code', async () => {
      const swatch = dialog.getByRole('button', { name: 'QR colour #E1306C' });
      await swatch.click();
      equal(await swatch.getAttribute('aria-pressed'), 'true', 'the chosen swatch is pressed');
      await eventually(() => codeColour(box), '#e1306c', 'the code redrawn in the chosen colour');
    });

    await t.step('Download QR code saves a PNG of the card URL', async () => {
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download QR code' }).click();
      const file = await download;
      equal(file.suggestedFilename(), `${username}_qrcode.png`, 'the file name');
      const saved = join(outDir, `${t.viewport.name}-${username}_qrcode.png`);
      await file.saveAs(saved);
      const decoded = await readQr(saved);
      equal([decoded.width, decoded.height], [2350, 2700], 'the exported picture size (docs/product.md §9)');
      equal(
        misreadings(decoded.readings, `${cardUrl}?src=qr`),
        [],
        'ZXing, ZBar and jsQR read the card URL at every size',
      );
    });
  },
};
