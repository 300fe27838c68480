// Hand it over in person (docs/product.md §2, Show my QR): the owner opens the QR code full screen from the header in one
// tap (no download), a screenshot of it reads; the Share screen's PNG and SVG read with ZXing,
// ZBar and jsQR at every size; and the full-screen code shows again offline once it was shown.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeCollector } from '../harness/a11y.ts';
import { signedInAccount } from '../harness/api.ts';
import { openSection } from '../harness/dashboard.ts';
import { equal, until, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { misreadings, readQr } from '../harness/qr-decode.ts';

/** The code on screen, photographed: what each decoder reads of the screenshot as it is. */
async function screenshotReadings(page: Page, username: string) {
  const code = page.getByRole('img', { name: `QR code for @${username}` });
  await until(async () => (await code.getAttribute('data-qr-ready')) === 'true', 'the QR is drawn');
  const { readings } = await readQr(await code.screenshot());
  return readings.slice(0, 1);
}

export const showQr: Journey = {
  name: "show QR: full screen in one tap, Share's PNG and SVG read, offline once shown; axe in light and dark",
  timeoutMs: 180_000,
  async run(t) {
    const { page, app, context, viewport, outDir } = t;
    const axe = axeCollector(t, 'light and dark');
    const username = t.unique('hold');
    await signedInAccount(context, app, username, 'Grace Hopper');
    const cardUrl = `${app.baseUrl}/p/${username}?src=qr`;
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));

    await t.step('the QR code opens full screen in one tap, nothing downloaded', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      if (viewport.name === 'phone') {
        await page.getByRole('link', { name: 'Show QR code', exact: true }).click();
      } else {
        // On a desktop the header downloads; the Share screen opens it full screen.
        await openSection(t, 'Share');
        await page.getByRole('link', { name: 'Show full screen', exact: true }).click();
      }
      await urlPath(page, '/dashboard/qr');
      await visible(page.getByText('Grace Hopper', { exact: true }));
      await visible(page.getByText(`${new URL(app.baseUrl).host}/p/${username}`, { exact: true }));
      equal(misreadings(await screenshotReadings(page, username), cardUrl), [], 'the screenshot read by all three');
      equal(downloads, [], 'no download');
    });
    await axe.here('the QR code full screen');

    await t.step("the Share screen's PNG and SVG read with every decoder at every size", async () => {
      await page.getByRole('link', { name: 'Close' }).click();
      await openSection(t, 'Share');
      await page.getByRole('button', { name: 'Show preview', exact: true }).click();
      await visible(page.getByRole('img', { name: /^Virtual background preview/ }));
      const panel = page.getByRole('img', { name: `QR code for @${username}` });
      await until(async () => (await panel.getAttribute('data-qr-ready')) === 'true', 'the QR is drawn');
      for (const [button, file] of [
        ['Download PNG', `${username}_qrcode.png`],
        ['Download SVG', `${username}_qrcode.svg`],
      ] as const) {
        const saving = page.waitForEvent('download');
        await page.getByRole('button', { name: button, exact: true }).click();
        const download = await saving;
        equal(download.suggestedFilename(), file, 'the file name');
        const saved = join(outDir, `${viewport.name}-${file}`);
        await download.saveAs(saved);
        if (file.endsWith('.png')) {
          const decoded = await readQr(saved);
          equal(misreadings(decoded.readings, cardUrl), [], `${file}: ZXing, ZBar and jsQR at every size`);
        } else {
          // The SVG drawn from its vectors (librsvg, as a print shop would) at the PNG's widths.
          const decoded = await readQr(saved, [2350, 1175, 750, 588, 236]);
          equal(misreadings(decoded.readings, cardUrl), [], `${file}: ZXing, ZBar and jsQR at every size`);
        }
      }
    });
    await axe.here('share, with the QR code');

    await t.step('offline, the full-screen code shows again', async () => {
      await page.goto(`${app.baseUrl}/dashboard/qr`);
      await until(
        () => page.evaluate('navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)'),
        'the service worker controls the page',
      );
      await page.reload();
      await screenshotReadings(page, username);
      await context.setOffline(true);
      try {
        await page.reload();
        await visible(page.getByText('Grace Hopper', { exact: true }));
        equal(misreadings(await screenshotReadings(page, username), cardUrl), [], 'the offline code read');
      } finally {
        await context.setOffline(false);
      }
    });
  },
};
