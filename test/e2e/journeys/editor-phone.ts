// The editor on a phone, as fast as Linktree's (decision 74): six links added by pasting their
// addresses alone, each with its platform's icon and title; every title whole in the list; the
// first drag after the page loads, by touch, reorders and saves; a 10 MB camera photo becomes the
// avatar, made smaller in the browser first, and another the custom theme's background. axe in light and dark on the screens it leaves.
import type { Page, Route } from 'playwright-core';
import { cameraJpeg, PHONE_FULL } from '../../fixtures/camera-photos.ts';
import { axeCollector } from '../harness/a11y.ts';
import { signedInAccount } from '../harness/api.ts';
import { equal, eventually, hidden, seeText, until, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

/** Addresses as the apps' share buttons copy them, with the platform and title each should get. */
const PASTED: [url: string, icon: string, title: string][] = [
  ['https://www.instagram.com/ada.lovelace/?igsh=MWx0ZDF5', 'instagram', 'Instagram'],
  ['https://youtube.com/@AdaLovelace?si=7Hc2nT_xy', 'youtube', 'YouTube'],
  ['https://www.tiktok.com/@ada.codes?_t=8kXs&_r=1', 'tiktok', 'TikTok'],
  ['https://www.linkedin.com/in/ada-lovelace-1815/', 'linkedin', 'LinkedIn'],
  ['https://wa.me/447700900123', 'whatsapp', 'WhatsApp'],
  ['https://bsky.app/profile/ada.bsky.social', 'bluesky', 'Bluesky'],
];

type Listed = { title: string; icon: string | null; url: string; whole: boolean };

/** Each row of the list as shown: its title, its icon, its URL line, and whether the title shows whole. */
const rows = (page: Page) =>
  page.evaluate<Listed[]>(`[...document.querySelectorAll('ul[aria-label="Your Links"] > li')].map((row) => {
    const title = row.querySelector('p.font-medium');
    const url = [...row.querySelectorAll('p[title] span')].find((span) => span.offsetParent);
    return {
      title: title.textContent ?? '',
      icon: row.querySelector('img')?.getAttribute('src') ?? null,
      url: url?.textContent ?? '',
      whole: title.scrollWidth <= title.clientWidth + 1 && title.scrollHeight <= title.clientHeight + 1,
    };
  })`);

/**
 * A finger presses the handle, rests for `pressMs`, moves down by `dy` in small steps, rests there
 * for `holdMs` (the list scrolls while it rests at the screen's edge), and lifts (CDP touch events).
 */
async function touchDrag(
  page: Page,
  x: number,
  y: number,
  dy: number,
  { pressMs = 0, holdMs = 0, whileHeld }: { pressMs?: number; holdMs?: number; whileHeld?: () => Promise<void> } = {},
) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y: at, id: 1, radiusX: 4, radiusY: 4, force: 1 }],
    });
  await touch('touchStart', y);
  await page.waitForTimeout(pressMs);
  for (let step = 1; step <= 16; step++) {
    await touch('touchMove', y + (dy * step) / 16);
    await page.waitForTimeout(16);
  }
  for (let waited = 0; waited < holdMs; waited += 50) {
    await touch('touchMove', y + dy + (waited % 100 ? 1 : 0));
    await page.waitForTimeout(50);
  }
  await whileHeld?.();
  await touch('touchEnd', y + dy);
  await cdp.detach();
}

export const editorPhone: Journey = {
  name: 'editor on a phone: links pasted, whole titles, the first drag, a 10 MB photo',
  timeoutMs: 300_000,
  async run(t) {
    const { page, app, context } = t;
    const axe = axeCollector(t, 'light and dark');
    const { api, account } = await signedInAccount(context, app, t.unique('paste'), 'Ada Lovelace');
    const list = page.getByRole('list', { name: 'Your Links' });
    const form = page.getByRole('region', { name: 'Add New Link' });

    await t.step('six links added by pasting their addresses, no title typed', async () => {
      await page.goto(`${app.baseUrl}/dashboard/links`);
      await visible(page.getByText("You don't have any links yet"));
      for (const [url, , title] of PASTED) {
        await page.getByRole('button', { name: 'New Link', exact: true }).click();
        const field = form.getByLabel('Link', { exact: true });
        await visible(field);
        equal(await field.getAttribute('inputmode'), 'url', 'the phone shows its address keyboard');
        await field.fill(url);
        await visible(form.getByText(new RegExp(`^Recognised ${title}`)));
        equal(await form.getByLabel('Title', { exact: true }).inputValue(), title, `the title filled in for ${url}`);
        await form.getByRole('button', { name: 'Add Link' }).click();
        await hidden(form);
        await visible(list.getByText(title, { exact: true }));
      }
      const shown = await rows(page);
      equal(
        shown.map((row) => [row.title, row.icon]),
        PASTED.map(([, icon, title]) => [title, `/icons/${icon}.svg`]),
        'each link with its platform’s title and icon, in the order added',
      );
    });

    await t.step('a long title edited in place by touch; every title shows whole; URLs are told apart', async () => {
      // A long title, as people write them (84 characters of the 100 allowed), on the first link.
      const long = 'Instagram: sketches of the Analytical Engine, Bernoulli numbers and poetical science';
      await page.getByRole('button', { name: 'Edit Instagram', exact: true }).tap();
      const editForm = page.getByRole('region', { name: 'Edit Link' });
      await editForm.getByLabel('Title', { exact: true }).fill(long);
      await editForm.getByRole('button', { name: 'Update Link' }).tap();
      await hidden(editForm);
      await visible(list.getByText(long, { exact: true }));
      const stored = await api.get<{ data: { title: string }[] }>('/v1/user/links?all=true');
      equal(
        stored.data.some((link) => link.title === long),
        true,
        'the long title stored whole',
      );
      await page.reload();
      await visible(list.getByText(long, { exact: true }));
      const shown = await rows(page);
      for (const row of shown) equal(row.whole, true, `“${row.title}” shown whole`);
      equal(
        shown.some((row) => row.url.startsWith('https:/')),
        false,
        'no URL reads https:/…',
      );
      equal(new Set(shown.map((row) => row.url)).size, shown.length, 'every URL line differs');
    });
    await axe.here('links on a phone');

    await t.step('the first drag after the page loads, by touch, reorders and saves', async () => {
      await page.reload();
      const handle = page.getByRole('button', { name: 'Reorder YouTube', exact: true });
      await visible(handle);
      // Drag and drop is there before any touch (it loads on idle), so the first press is heard.
      await eventually(() => handle.getAttribute('aria-roledescription'), 'sortable', 'dnd-kit ready before a touch');
      // The list at the top of the screen, so the finger stays clear of the edge where dnd-kit scrolls.
      await page.evaluate(`document.querySelector('ul[aria-label="Your Links"]').scrollIntoView({ block: 'start' })`);
      const from = (await handle.boundingBox())!;
      // The height of the rows it passes (the first, with its long title, is taller).
      const rowHeight = (await list.getByRole('listitem').nth(2).boundingBox())!.height;
      await touchDrag(page, from.x + from.width / 2, from.y + from.height / 2, rowHeight * 2.2);
      const order = ['Instagram', 'TikTok', 'LinkedIn', 'YouTube', 'WhatsApp', 'Bluesky'];
      const titles = async () => (await rows(page)).map((row) => row.title.split(':')[0]);
      await eventually(titles, order, 'YouTube two places down');
      await page.reload();
      await visible(handle);
      await eventually(titles, order, 'the saved order');
    });

    await t.step('on a slow phone, a finger that presses before drag and drop has arrived still drags', async () => {
      // The drag-and-drop chunk arrives 1.5 s after the list shows, as on a slow connection.
      const slow = async (route: Route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      };
      // Without the service worker, whose cache would hand the chunk over at once.
      const noWorker = (route: Route) => route.abort();
      await context.route('**/sw.js', noWorker);
      await context.route('**/assets/sortable-links-*.js', slow);
      await page.evaluate(`Promise.all([
        navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((one) => one.unregister()))),
        caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key)))),
      ])`);
      await page.reload();
      const handle = page.getByRole('button', { name: 'Reorder TikTok', exact: true });
      await visible(handle);
      // As in the step before: the finger stays clear of the edge where dnd-kit scrolls.
      await page.evaluate(`document.querySelector('ul[aria-label="Your Links"]').scrollIntoView({ block: 'start' })`);
      let from = await handle.boundingBox();
      await until(async () => !!(from = await handle.boundingBox()), 'the handle on screen');
      equal(await handle.getAttribute('aria-roledescription'), null, 'pressed before dnd-kit is there');
      const rowHeight = (await list.getByRole('listitem').nth(2).boundingBox())!.height;
      await touchDrag(page, from!.x + from!.width / 2, from!.y + from!.height / 2, rowHeight * 2.2, { pressMs: 2500 });
      await context.unroute('**/assets/sortable-links-*.js', slow);
      await context.unroute('**/sw.js', noWorker);
      const order = ['Instagram', 'LinkedIn', 'YouTube', 'TikTok', 'WhatsApp', 'Bluesky'];
      await eventually(
        async () => (await rows(page)).map((row) => row.title.split(':')[0]),
        order,
        'TikTok two places down',
      );
    });

    await t.step('a row held at the bottom edge scrolls the list to its end, never on into blank space', async () => {
      await page.evaluate('window.scrollTo(0, 0)');
      const handle = page.getByRole('button', { name: /^Reorder Instagram/ });
      await eventually(() => handle.getAttribute('aria-roledescription'), 'sortable', 'dnd-kit ready');
      const from = (await handle.boundingBox())!;
      const viewport = page.viewportSize()!;
      const pageHeight = await page.evaluate<number>('document.documentElement.scrollHeight');
      const edge = viewport.height - 10 - (from.y + from.height / 2);
      await touchDrag(page, from.x + from.width / 2, from.y + from.height / 2, edge, {
        holdMs: 2500,
        whileHeld: async () => {
          const held = await page.evaluate<{ height: number; listBottom: number }>(`({
          height: document.documentElement.scrollHeight,
          listBottom: document.querySelector('ul[aria-label="Your Links"]').getBoundingClientRect().bottom,
        })`);
          equal(
            held.height <= pageHeight + 2,
            true,
            `the page keeps its height while a row is held (${held.height} vs ${pageHeight})`,
          );
          equal(held.listBottom <= viewport.height, true, `the end of the list is on screen (${held.listBottom})`);
        },
      });
      const order = ['LinkedIn', 'YouTube', 'TikTok', 'WhatsApp', 'Bluesky', 'Instagram'];
      await eventually(async () => (await rows(page)).map((row) => row.title.split(':')[0]), order, 'Instagram last');
      await eventually(
        async () => {
          const { data } = await api.get<{ data: { title: string; display_order: number }[] }>(
            '/v1/user/links?all=true',
          );
          return data.sort((a, b) => a.display_order - b.display_order).map((link) => link.title.split(':')[0]);
        },
        order,
        'the order saved',
      );
    });

    await t.step('a 10 MB 4032x3024 camera photo becomes the avatar, made smaller before it is sent', async () => {
      const photo = await cameraJpeg(PHONE_FULL, 3);
      equal(photo.length > 9.5 * 1024 * 1024, true, 'the camera photo is about 10 MB');
      await page.goto(`${app.baseUrl}/dashboard/profile`);
      await visible(page.getByRole('heading', { name: 'Profile Settings', exact: true }));
      // What the page hands to the network: the size of each file in an upload's form.
      await page.evaluate(`(() => {
        window.__sentFiles = [];
        const send = XMLHttpRequest.prototype.send;
        XMLHttpRequest.prototype.send = function (body) {
          if (body instanceof FormData)
            for (const value of body.values()) if (value instanceof Blob) window.__sentFiles.push(value.size);
          return send.call(this, body);
        };
      })()`);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload photo' }).click();
      await (await chooser).setFiles({ name: 'IMG_0042.JPG', mimeType: 'image/jpeg', buffer: photo });
      await until(async () => (await page.evaluate<number[]>('window.__sentFiles')).length > 0, 'the upload sent');
      const [bytes = 0] = await page.evaluate<number[]>('window.__sentFiles');
      equal(bytes > 0 && bytes < 5 * 1024 * 1024, true, `what is sent is under 5 MB (${bytes} bytes)`);
      await seeText(page, 'Profile photo updated successfully', 90_000);
      await until(
        async () =>
          ((await page.getByRole('img', { name: 'Profile photo' }).getAttribute('src')) ?? '').includes('/media/'),
        'the avatar shows the stored image',
      );
    });
    await axe.here('profile with the new photo');

    await t.step("a camera photo becomes the custom theme's background, in the preview and on the card", async () => {
      await page.goto(`${app.baseUrl}/dashboard/themes`);
      await page.getByRole('button', { name: /Custom Theme/ }).click();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload background' }).click();
      await (
        await chooser
      ).setFiles({
        name: 'IMG_0043.JPG',
        mimeType: 'image/jpeg',
        buffer: await cameraJpeg(PHONE_FULL, 4),
      });
      await seeText(page, 'Background image uploaded successfully', 90_000);
      await visible(page.getByRole('button', { name: 'Change background' }));
      if (process.env.THEMES_SCREENSHOT) await page.screenshot({ path: process.env.THEMES_SCREENSHOT, fullPage: true });
      await page.getByRole('button', { name: 'Save Theme' }).click();
      await seeText(page, 'Custom theme updated successfully');
      const card = await context.newPage();
      await card.goto(`${app.baseUrl}/p/${account.username}`);
      const image = await card.evaluate<string>(
        `getComputedStyle(document.querySelector('.page') ?? document.body).backgroundImage`,
      );
      equal(
        /\/media\/backgrounds\/[0-9a-f]{32}\/[0-9a-f]{32}\/1440\.jpg/.test(image),
        true,
        `the card draws it (${image})`,
      );
      await card.close();
    });
    await axe.here('themes with an uploaded background');
    await axe.assertNone();
  },
};
