// The public card's island and the card without it: Fullscreen (/qr/{username}) and its
// download, the initials in the QR's centre, Share with and without a native share sheet,
// 'Processing...' and the failure alert of the download, and the card with JavaScript off.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import { colourOf } from '../../../shared/initials.ts';
import type { Stats } from '../../../shared/schemas/stats.ts';
import { signedInAccount } from '../harness/api.ts';
import { withClipboard } from '../harness/clipboard.ts';
import { equal, eventually, until, urlPath, visible } from '../harness/expect.ts';
import type { Journey, JourneyContext } from '../harness/journey.ts';
import { misreadings, readQr } from '../harness/qr-decode.ts';

// docs/product.md §2 and the error catalogue, word for word.
const COPIED = 'Profile URL copied to clipboard!';
const DOWNLOAD_FAILED = 'Failed to download QR code. Please try again.';

// The little of the DOM the in-page functions touch (this project's Node types have no DOM).
type Pixels = { data: Uint8ClampedArray };
type Canvas = { width: number; height: number; getContext(kind: '2d'): { getImageData(...box: number[]): Pixels } };
type Box = { querySelector(selector: 'canvas'): Canvas | null };

/**
 * What the middle fifth of the drawn code is made of: pixels of the initials circle's colour,
 * white (the letters) and dark (QR modules, which the centre image must hide).
 */
const centreMakeUp = (box: Locator, fill: string) =>
  box.evaluate((element, fillHex) => {
    const canvas = (element as unknown as Box).querySelector('canvas');
    if (!canvas) return null;
    const side = Math.round(canvas.width / 5);
    const from = Math.round((canvas.width - side) / 2);
    const { data } = canvas.getContext('2d').getImageData(from, from, side, side);
    const want = [1, 3, 5].map((i) => parseInt(fillHex.slice(i, i + 2), 16));
    let circle = 0;
    let white = 0;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r === want[0] && g === want[1] && b === want[2]) circle++;
      else if (r > 240 && g > 240 && b > 240) white++;
      else if (r < 40 && g < 40 && b < 40) dark++;
    }
    return { circle: circle / (side * side), white: white / (side * side), dark };
  }, fill);

/** Every alert of a page, accepted, in order. */
function alertsOf(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

/** A fresh tab of the journey's context, with a script that runs before the page's own. */
async function tabWith(t: JourneyContext, script: string) {
  const tab = await t.context.newPage();
  await tab.addInitScript({ content: script });
  await tab.bringToFront();
  return tab;
}

async function openShareItem(page: Page, item: 'Share link' | 'Fullscreen') {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Share options' });
  const control =
    item === 'Share link'
      ? sheet.getByRole('button', { name: item, exact: true })
      : sheet.getByRole('link', { name: item, exact: true });
  await control.click();
}

export const cardIsland: Journey = {
  name: 'card island: fullscreen QR, share, download failure, card without JavaScript',
  timeoutMs: 240_000,
  async run(t) {
    const { page, app, browser, context, outDir, viewport } = t;
    const username = t.unique('island');
    const name = 'Alan Turing';
    // The owner sets the card up elsewhere; this browser is an anonymous visitor.
    const owner = await browser.newContext();
    const { api } = await signedInAccount(owner, app, username, name);
    await owner.close();
    const links = [
      // A page of this site: it opens in a new tab here, where no outside network exists.
      { title: 'Platform icons', url: `${app.baseUrl}/icons` },
      { title: 'Email me', url: 'mailto:alan@example.com' },
      { title: 'Call me', url: 'tel:+441234567890' },
    ];
    for (const [index, link] of links.entries())
      await api.post('/v1/user/links', { ...link, icon: '', display_order: index, is_active: true });
    const cardUrl = `${app.baseUrl}/p/${username}`;
    const box = page.getByRole('img', { name: `QR code for @${username}` });
    const download = page.getByRole('button', { name: 'Download QR code' });
    const alerts = alertsOf(page);

    await t.step('Fullscreen opens /qr/{username} with the code', async () => {
      await page.goto(cardUrl);
      await visible(page.getByRole('heading', { name, exact: true }));
      await openShareItem(page, 'Fullscreen');
      await urlPath(page, `/qr/${username}`);
      await visible(page.getByText(`@${username.toUpperCase()}`, { exact: true }));
      await until(async () => (await page.locator('[data-qr-ready="true"]').count()) === 1, 'the QR is ready');
      await visible(box);
    });

    await t.step('without an avatar, the centre is a coloured circle with the initials', async () => {
      const fill = colourOf(name);
      await eventually(
        async () => {
          const made = await centreMakeUp(box, fill);
          return made && { circle: made.circle > 0.3, initials: made.white > 0.02, modules: made.dark > 0 };
        },
        { circle: true, initials: true, modules: false },
        `the centre: mostly ${fill}, white initials, no QR modules`,
      );
    });

    await t.step('its download is a 2350x2700 PNG of the card URL with ?src=qr', async () => {
      const saving = page.waitForEvent('download');
      await download.click();
      const file = await saving;
      equal(file.suggestedFilename(), `${username}_qrcode.png`, 'the file name');
      const saved = join(outDir, `${viewport.name}-fullscreen-${username}_qrcode.png`);
      await file.saveAs(saved);
      const decoded = await readQr(saved);
      equal([decoded.width, decoded.height], [2350, 2700], 'the exported picture size (docs/product.md §9)');
      equal(
        misreadings(decoded.readings, `${cardUrl}?src=qr`),
        [],
        'ZXing, ZBar and jsQR read the card URL at every size',
      );
    });

    await t.step("the download says 'Processing...' while busy and alerts when it fails", async () => {
      // The island turns the code into a bitmap before drawing the picture: that step now waits
      // for the test, then fails.
      await page.evaluate(`window.createImageBitmap = () => new Promise((_, reject) => {
        window.__failExport = () => reject(new Error('bitmap refused by the test'));
      })`);
      await download.click();
      const busy = page.getByRole('button', { name: 'Processing...' });
      await visible(busy);
      equal(await busy.isDisabled(), true, "'Processing...' is disabled while busy");
      await until(async () => (await page.evaluate('typeof window.__failExport')) === 'function', 'the export waits');
      await page.evaluate('setTimeout(() => window.__failExport(), 0)');
      await eventually(() => [...alerts], [DOWNLOAD_FAILED], 'the alerts shown');
      await visible(download);
      equal(await download.isEnabled(), true, 'Download QR code is usable again');
    });

    await t.step('Share without a native share sheet copies the URL and says so', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
      const tab = await tabWith(t, 'delete Navigator.prototype.share; delete Navigator.prototype.canShare;');
      const seen = alertsOf(tab);
      await tab.goto(cardUrl);
      await visible(tab.getByRole('heading', { name, exact: true }));
      equal(await tab.evaluate('typeof navigator.share'), 'undefined', 'no native share');
      await withClipboard(async () => {
        await tab.evaluate(`navigator.clipboard.writeText('nothing copied yet')`);
        await openShareItem(tab, 'Share link');
        await eventually(() => [...seen], [COPIED], 'the alerts shown');
        equal(await tab.evaluate('navigator.clipboard.readText()'), cardUrl, 'the copied URL');
      });
      await tab.close();
    });

    await t.step('Share with a native share sheet hands it the card URL', async () => {
      const tab = await tabWith(
        t,
        `Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value(data) {
          window.__shared = data;
          return Promise.resolve();
        } });`,
      );
      const seen = alertsOf(tab);
      await tab.goto(cardUrl);
      await visible(tab.getByRole('heading', { name, exact: true }));
      await openShareItem(tab, 'Share link');
      await eventually(() => tab.evaluate('window.__shared ? window.__shared.url : null'), cardUrl, 'the shared URL');
      equal(seen, [], 'no alert beside the share sheet');
      await tab.close();
    });

    let noScript: BrowserContext | undefined;
    try {
      noScript = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.mobile,
        hasTouch: viewport.mobile,
        acceptDownloads: true,
      });
      const plain = await noScript.newPage();
      // Every click request this browser sends (the link's ping), and those answered.
      const clickRequests = { sent: 0, answered: 0 };
      const isClick = (url: string) => /\/v1\/link\/\d+\/click$/.test(url);
      noScript.on('request', (request) => void (isClick(request.url()) && clickRequests.sent++));
      noScript.on('requestfinished', (request) => void (isClick(request.url()) && clickRequests.answered++));

      await t.step('without JavaScript the card shows its name and links, each opening in a new tab', async () => {
        await plain.goto(cardUrl);
        await visible(plain.getByRole('heading', { name, exact: true }));
        equal(
          await plain.getByRole('button', { name: 'Share', exact: true }).count(),
          0,
          'no island without JavaScript',
        );
        for (const link of links) {
          const anchor = plain.getByRole('link', { name: link.title, exact: true });
          equal(await anchor.getAttribute('href'), link.url, `the href of '${link.title}'`);
          equal(await anchor.getAttribute('target'), '_blank', `the target of '${link.title}'`);
          equal(await anchor.getAttribute('rel'), 'noopener noreferrer', `the rel of '${link.title}'`);
        }
        const [tab] = await Promise.all([
          noScript!.waitForEvent('page'),
          plain.getByRole('link', { name: 'Platform icons', exact: true }).click(),
        ]);
        await urlPath(tab, '/icons');
        await tab.close();
      });

      await t.step("without JavaScript the link's ping counts the click, once", async () => {
        // The statistics add what is still buffered, so the click shows before any drain.
        const clicks = async () => {
          const { data } = await api.get<{ data: Stats }>('/v1/user/stats');
          return { total: data.link_clicks, link: data.links.find((l) => l.title === 'Platform icons')?.clicks };
        };
        await eventually(clicks, { total: 1, link: 1 }, 'one click of Platform icons in the statistics');
        // Nothing else can arrive late: the browser sent one click request, and it has been answered
        // (the page has no script, and the tab the link opened is closed).
        await eventually(
          () => ({ ...clickRequests }),
          { sent: 1, answered: 1 },
          'the click requests sent and answered',
        );
        equal(await clicks(), { total: 1, link: 1 }, 'still one click');
      });

      await t.step("without JavaScript 'Save contact' downloads the vCard", async () => {
        const saving = plain.waitForEvent('download');
        await plain.getByRole('link', { name: 'Save contact' }).click();
        const file = await saving;
        equal(file.suggestedFilename(), `${username}.vcf`, 'the vCard file name');
        const saved = join(outDir, `${viewport.name}-${username}.vcf`);
        await file.saveAs(saved);
        const lines = readFileSync(saved, 'utf8').split('\r\n');
        equal(lines.slice(0, 2), ['BEGIN:VCARD', 'VERSION:4.0'], 'the vCard header');
        equal(lines.includes(`FN:${name}`), true, `FN:${name} in the vCard`);
        equal(lines.includes(`card.URL:${cardUrl}`), true, 'the card URL in the vCard');
        equal(lines.includes('card.X-ABLabel:Digital card'), true, "the card URL's label in the vCard");
      });
    } finally {
      await noScript?.close();
    }

    await t.step('a card another site fetched ahead counts once, when the visitor sees it', async () => {
      const views = async () => (await api.get<{ data: Stats }>('/v1/user/stats')).data.profile_views;
      const before = await views();
      // Another site (localhost is not 127.0.0.1's site) whose speculation rules prefetch the card,
      // as a search engine's results do; a visitor of their own (Chrome on Windows).
      const site = `http://localhost:${new URL(app.baseUrl).port}`;
      const ahead = await browser.newContext({
        userAgent: (process.env.E2E_USER_AGENT ?? '').replace('X11; Linux x86_64', 'Windows NT 10.0; Win64; x64'),
      });
      try {
        const rules = JSON.stringify({ prefetch: [{ source: 'list', urls: [cardUrl] }] });
        await ahead.route(`${site}/launch`, (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html><title>Results</title><script type="speculationrules">${rules}</script><a href="${cardUrl}">Alan Turing</a>`,
          }),
        );
        const tab = await ahead.newPage();
        await tab.goto(`${site}/launch`);
        // Fetched ahead, not yet seen: not a view (Sec-Purpose: prefetch).
        await tab.waitForTimeout(1500);
        equal(await views(), before, 'no view while the card is only fetched ahead');
        await tab.getByRole('link', { name: 'Alan Turing' }).click();
        await visible(tab.getByRole('heading', { name, exact: true }));
        // The page's own Performance (this project's Node types have no DOM's).
        type Timing = { getEntriesByType(type: 'navigation'): { deliveryType?: string }[] };
        const delivery = await tab.evaluate(
          () => (performance as unknown as Timing).getEntriesByType('navigation')[0]?.deliveryType,
        );
        equal(delivery, 'navigational-prefetch', 'the card was shown from the prefetch (no request of its own)');
        await eventually(views, before + 1, 'one view once the card is seen');
        await tab.waitForTimeout(500);
        equal(await views(), before + 1, 'still one view');
      } finally {
        await ahead.close();
      }
    });
  },
};
