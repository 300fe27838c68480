// The Share section: the card's link per channel with copy buttons,
// 'Write to NFC tag' on a browser without Web NFC (the instructions and the URL to copy), the
// e-mail signature copied as rich text, and the import refusing a page that is not Linktree; axe on
// each state in light and dark mode.
import { axeCollector } from '../harness/a11y.ts';
import { addLinks, signedInAccount } from '../harness/api.ts';
import { withClipboard } from '../harness/clipboard.ts';
import { openSection } from '../harness/dashboard.ts';
import { equal, seeText, visible } from '../harness/expect.ts';
import { noisePng } from '../harness/images.ts';
import type { Journey } from '../harness/journey.ts';
import { smallTargets } from '../harness/layout.ts';

export const shareKit: Journey = {
  name: 'share kit: channel links, NFC instructions, signature copy, import refusal; axe in light and dark',
  timeoutMs: 120_000,
  async run(t) {
    const { page, app, context } = t;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    // Chromium on a desktop has no Web NFC; make sure the phone run is the same.
    await context.addInitScript('delete window.NDEFReader;');
    const axe = axeCollector(t, 'light and dark');
    const username = t.unique('share');
    const { api, session } = await signedInAccount(context, app, username, 'Ada Lovelace');
    // A photo, so the signature draws it (a phone once squashed it to 36x72).
    const photo = new FormData();
    photo.append('avatar', new Blob([new Uint8Array(noisePng(240, 240, 5))], { type: 'image/png' }), 'ada.png');
    const uploaded = await fetch(`${app.baseUrl}/v1/user/profile/avatar`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}` },
      body: photo,
    });
    equal(uploaded.status, 200, 'the avatar upload');
    await addLinks(api, [
      { title: 'GitHub', url: 'https://github.com/ada' },
      { title: 'Blog', url: 'https://ada.example.org/' },
    ]);

    await t.step('Share is in the navigation', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await openSection(t, 'Share');
      await visible(page.getByRole('heading', { name: 'Share', exact: true }));
    });
    await axe.here('share');

    await t.step('each channel has its tagged link; Copy puts it on the clipboard', async () => {
      const list = page.getByRole('list', { name: 'Links for each channel' });
      for (const src of ['link', 'email', 'nfc', 'qr']) {
        await visible(list.getByText(`${app.baseUrl}/p/${username}?src=${src}`, { exact: true }));
      }
      const copied = await withClipboard(async () => {
        await page.getByRole('button', { name: 'Copy the link for a QR code', exact: true }).click();
        await seeText(page, 'Link for a QR code copied');
        return page.evaluate<string>('navigator.clipboard.readText()');
      });
      equal(copied, `${app.baseUrl}/p/${username}?src=qr`, 'the copied link');
    });

    await t.step("'Write to NFC tag' without Web NFC explains how to write a tag with an app", async () => {
      await page.getByRole('button', { name: 'Write to NFC tag', exact: true }).click();
      await visible(page.getByRole('heading', { name: "Write a tag with your phone's NFC app", exact: true }));
      await visible(page.getByText(`${app.baseUrl}/p/${username}?src=nfc`, { exact: true }).last());
      const copied = await withClipboard(async () => {
        await page.getByRole('button', { name: 'Copy the address for the NFC app', exact: true }).click();
        await seeText(page, 'NFC link copied');
        return page.evaluate<string>('navigator.clipboard.readText()');
      });
      equal(copied, `${app.baseUrl}/p/${username}?src=nfc`, 'the copied NFC link');
    });
    await axe.here('share with the NFC instructions');

    await t.step('Copy signature puts the signature on the clipboard as HTML', async () => {
      const preview = page.getByTestId('signature-preview');
      await visible(preview.getByText('View my card', { exact: true }));
      const photoBox = await preview.getByRole('img', { name: 'Ada Lovelace' }).boundingBox();
      equal(
        photoBox && [Math.round(photoBox.width), Math.round(photoBox.height)],
        [72, 72],
        'the photo in the preview, at its own size',
      );
      // The links to show as icons: rows a thumb can tell apart (they were 20px, 8px apart).
      const choices = page.getByRole('group', { name: /^Links shown as icons/ }).locator('label');
      equal((await choices.count()) > 0, true, 'the links to choose from are listed');
      equal(await smallTargets(choices, 44), [], 'the link choices shorter than 44px');
      const html = await withClipboard(async () => {
        await page.getByRole('button', { name: 'Copy signature', exact: true }).click();
        await seeText(page, 'Signature copied. Paste it into your email settings.');
        return page.evaluate<string>(`(async () => {
          const [item] = await navigator.clipboard.read();
          return await (await item.getType('text/html')).text();
        })()`);
      });
      equal(html.includes(`${app.baseUrl}/p/${username}?src=email`), true, 'the signature links the card');
      equal(html.includes('https://github.com/ada'), true, 'the signature has the GitHub link');
      equal(/<script|<style/i.test(html), false, 'no script or style block');
    });

    await t.step('the import refuses an address that is not a Linktree page, fetching nothing', async () => {
      await page.getByLabel('Linktree page').fill('https://example.com/ada');
      await page.getByRole('button', { name: 'Find links', exact: true }).click();
      await seeText(page, 'Please enter the address of a public Linktree page, like https://linktr.ee/yourname');
    });
    await axe.here('share with the import message');
    await axe.assertNone();
  },
};
