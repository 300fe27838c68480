// The card's Share button on a long card: it covers no link (nor any other control of the card)
// at the top or at the end of the page, its sheet opens above the card as a modal (a sheet from
// the bottom edge on a phone, a dialog in the middle on a desktop), and the keyboard opens and
// closes it with the focus back on the button. Without JavaScript it is not shown.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeCollector } from '../harness/a11y.ts';
import { addLinks, signedInAccount } from '../harness/api.ts';
import { equal, eventually, hidden, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The card's controls on screen now that the Share button's box meets, by their text. */
export async function coveredBy(page: Page, share: Box) {
  const controls = await page.locator('#card a, #card button:not(.share)').all();
  const covered: string[] = [];
  for (const control of controls) {
    const box = await control.boundingBox();
    if (box && overlaps(share, box)) covered.push((await control.textContent())?.trim() ?? '?');
  }
  return covered;
}

/** Whether the element that has the focus is the card's Share button. */
const focusOnShare = (page: Page) =>
  page.evaluate<boolean>("document.activeElement?.getAttribute('aria-controls') === 'cl-menu'");

export const cardShare: Journey = {
  name: 'card share: the Share button covers no link at the top or the end of a long card; its sheet opens above the card and closes with Escape',
  async run(t) {
    const { page, app, browser, viewport } = t;
    const axe = axeCollector(t, 'light');
    const owner = await browser.newContext();
    const username = t.unique('share');
    const { api, account } = await signedInAccount(owner, app, username, 'Grace Hopper');
    await owner.close();
    await addLinks(
      api,
      Array.from({ length: 16 }, (_, i) => ({ title: `Link ${i + 1}`, url: `https://example.com/${i + 1}` })),
    );
    await api.updateProfile({ name: account.name, username, contact_exchange: '1' });
    const share = page.getByRole('button', { name: 'Share', exact: true });
    const sheet = page.getByRole('dialog', { name: 'Share options' });

    await t.step('at the top of the card the Share button covers no link', async () => {
      await page.goto(`${app.baseUrl}/p/${username}`);
      await visible(share);
      const box = await share.boundingBox();
      if (!box) throw new Error('the Share button has no box');
      equal(await coveredBy(page, box), [], 'the controls under the Share button at the top');
      await page.screenshot({ path: join(t.outDir, `${viewport.name}-card-top.png`) });
    });

    await t.step('at the end of the card the Share button covers no link either', async () => {
      await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
      await visible(page.getByRole('link', { name: 'Link 16', exact: true }));
      const box = await share.boundingBox();
      if (!box) throw new Error('the Share button has no box');
      equal(await coveredBy(page, box), [], 'the controls under the Share button at the end');
      await page.screenshot({ path: join(t.outDir, `${viewport.name}-card-end.png`) });
    });

    await t.step('the keyboard opens the sheet above the card, as a modal', async () => {
      await share.focus();
      await page.keyboard.press('Enter');
      await visible(sheet);
      equal(
        await page.evaluate<boolean>("document.getElementById('cl-menu').matches(':modal')"),
        true,
        'the sheet is modal (a backdrop behind it)',
      );
      await visible(sheet.getByRole('button', { name: 'Share link' }));
      await visible(sheet.getByRole('button', { name: 'Show QR code' }));
      await visible(sheet.getByRole('link', { name: 'Fullscreen' }));
      equal(await share.getAttribute('aria-expanded'), 'true', "the button's aria-expanded");
      const box = await sheet.boundingBox();
      if (!box) throw new Error('the sheet has no box');
      if (viewport.mobile) {
        // A sheet from the bottom edge, the screen's width.
        equal([Math.round(box.x), Math.round(box.width)], [0, viewport.width], "the sheet's left edge and width");
        equal(Math.round(box.y + box.height), viewport.height, "the sheet's bottom edge");
      } else {
        const centre = box.x + box.width / 2;
        if (Math.abs(centre - viewport.width / 2) > 2) throw new Error(`the dialog is not centred (centre ${centre})`);
      }
      await page.screenshot({ path: join(t.outDir, `${viewport.name}-card-sheet.png`) });
    });
    await axe.here('the card with its share sheet open', true);

    await t.step('Escape closes the sheet and the focus is back on Share', async () => {
      await page.keyboard.press('Escape');
      await hidden(sheet);
      // The dialog's close event, which resets it, comes a task after the dialog is hidden.
      await eventually(() => share.getAttribute('aria-expanded'), 'false', "the button's aria-expanded", 2_000);
      equal(await focusOnShare(page), true, 'the focus is on the Share button');
    });

    await t.step(
      'a tap on the backdrop closes it too, and Show QR code hands the focus back when it closes',
      async () => {
        await share.click();
        await visible(sheet);
        await page.mouse.click(5, 5);
        await hidden(sheet);
        await share.click();
        await sheet.getByRole('button', { name: 'Show QR code' }).click();
        const qr = page.getByRole('dialog', { name: 'QR code', exact: true });
        await visible(qr.getByRole('img', { name: `QR code for @${username}` }));
        await page.keyboard.press('Escape');
        await hidden(qr);
        equal(await focusOnShare(page), true, 'the focus is on the Share button after the QR');
      },
    );

    await t.step('without JavaScript the card shows no Share button', async () => {
      const plain = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: viewport.width, height: viewport.height },
      });
      try {
        const tab = await plain.newPage();
        await tab.goto(`${app.baseUrl}/p/${username}`);
        await visible(tab.getByRole('link', { name: 'Link 1', exact: true }));
        equal(
          await tab.getByRole('link', { name: 'Share', exact: true }).isVisible(),
          false,
          'a Share link without script',
        );
      } finally {
        await plain.close();
      }
    });
    await axe.assertNone();
  },
};
