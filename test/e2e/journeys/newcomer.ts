// The newcomer: from the landing page to a finished card, shared, visited and counted.
import type { CDPSession, Page } from 'playwright-core';
import { cameraJpeg, PHONE_AVATAR, PHONE_COVER } from '../../fixtures/camera-photos.ts';
import { withClipboard } from '../harness/clipboard.ts';
import { chooseSection, openSection, statValue } from '../harness/dashboard.ts';
import { equal, eventually, hidden, until, urlPath, visible } from '../harness/expect.ts';
import type { Journey, JourneyContext } from '../harness/journey.ts';
import { pressUntilShown } from '../harness/keys.ts';

const toast = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));

/** Slows uploads down (Chrome DevTools network emulation) so the percentage can be watched. */
async function throttleUploads(cdp: CDPSession, bytesPerSecond: number) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Chooses a file through the chooser a button opens, and watches the upload's percentage. */
async function upload(t: JourneyContext, button: string, label: string, file: Buffer, done: string) {
  const { page } = t;
  const cdp = await t.context.newCDPSession(page);
  await cdp.send('Network.enable');
  await throttleUploads(cdp, 256 * 1024);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (
    await chooser
  ).setFiles({ name: `IMG_${label.split(' ')[0]!.toUpperCase()}.JPG`, mimeType: 'image/jpeg', buffer: file });
  await visible(page.getByRole('progressbar', { name: label }));
  await visible(page.getByText(/^Uploading\.\.\. \d{1,3}%$/));
  await throttleUploads(cdp, -1);
  await cdp.detach();
  // Locally the Images binding runs on sharp, which takes seconds to encode a camera photo's
  // AVIF and WebP sizes (about 9 s for the cover on this machine under load; Cloudflare's is faster).
  await visible(page.getByText(done, { exact: true }), 90_000);
}

export const newcomer: Journey = {
  name: 'newcomer builds, shares and measures a card',
  timeoutMs: 360_000,
  async run(t) {
    const { page, app, context, browser } = t;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const username = t.unique('ada');
    const email = `${username}@example.com`;
    const cardUrl = `${app.baseUrl}/p/${username}`;

    await t.step('landing page, then register', async () => {
      await page.goto(app.baseUrl);
      await visible(page.getByRole('heading', { name: 'Your Digital Identity, Simplified', exact: true }));
      await page.getByRole('link', { name: 'Get Started', exact: true }).click();
      await urlPath(page, '/auth/register');
      await page.getByLabel('Full name').fill('Ada Lovelace');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
      await page.getByRole('button', { name: 'Create account' }).click();
      await urlPath(page, '/dashboard');
      // A newcomer is welcomed, with the four steps of the checklist still to do.
      await visible(page.getByRole('heading', { name: 'Welcome, Ada!', exact: true }));
      await visible(page.getByText('0 of 5 done', { exact: true }));
    });

    await t.step('upload an avatar and a cover, watching the percentage', async () => {
      // Photos straight from a phone camera (multi-megabyte JPEGs with Exif and a rotation).
      const [avatar, cover] = await Promise.all([cameraJpeg(PHONE_AVATAR, 2), cameraJpeg(PHONE_COVER)]);
      await openSection(t, 'Profile');
      await visible(page.getByRole('heading', { name: 'Profile Settings', exact: true }));
      await upload(t, 'Upload photo', 'Avatar upload', avatar, 'Profile photo updated successfully');
      await until(
        async () =>
          ((await page.getByRole('img', { name: 'Profile photo' }).getAttribute('src')) ?? '').includes('/media/'),
        'the avatar shows the stored image',
      );
      await upload(t, 'Upload cover', 'Cover upload', cover, 'Cover image uploaded successfully');
      await until(
        async () =>
          ((await page.getByRole('img', { name: 'Cover image' }).getAttribute('src')) ?? '').includes('/media/'),
        'the cover shows the stored image',
      );
    });

    await t.step('fill name and bio: the preview follows, leaving asks first, then save', async () => {
      await page.getByLabel('Name', { exact: true }).fill('Ada King');
      await page.getByLabel('Bio').fill('Writes programs for engines that do not exist yet.');
      if (t.viewport.mobile) {
        // Below 1280 px the card opens full-screen from 'Preview', with the unsaved name.
        await page.getByRole('button', { name: 'Preview', exact: true }).click();
        const preview = page.getByRole('dialog', { name: 'Preview' });
        await visible(preview.getByText('Ada King', { exact: true }));
        await page.keyboard.press('Escape');
        await hidden(preview);
      } else {
        // Beside the form, the card as visitors will see it, with the unsaved name.
        await visible(page.getByRole('complementary', { name: 'Live preview' }).getByText('Ada King', { exact: true }));
      }
      await chooseSection(t, 'Links');
      // Leaving with unsaved edits asks first; Stay keeps them.
      const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
      await visible(leave);
      await leave.getByRole('button', { name: 'Stay' }).click();
      await hidden(leave);
      await urlPath(page, '/dashboard/profile');
      equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Ada King', 'the unsaved name is kept');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await toast(page, 'Profile updated successfully');
    });

    await t.step('add three links: a platform by username, an e-mail pasted, a custom URL', async () => {
      await openSection(t, 'Links');
      await visible(page.getByRole('heading', { name: 'Manage Links', exact: true }));
      await visible(page.getByText("You don't have any links yet"));
      const form = page.getByRole('region', { name: 'Add New Link' });
      const add = async (title: string, value: string, platform?: string, preview?: string) => {
        await page.getByRole('button', { name: 'New Link', exact: true }).click();
        if (platform) {
          // The picker searches the catalogue; the platform is chosen from the matches.
          await form.getByRole('combobox', { name: 'Platform' }).click();
          await page.keyboard.type(platform);
          await form.getByRole('option', { name: platform, exact: true }).click();
          await form.getByLabel('Username', { exact: true }).fill(value);
        } else {
          // Anything else is pasted into the Link field, which recognises it.
          await form.getByLabel('Link', { exact: true }).fill(value);
        }
        if (preview) await visible(form.getByText(preview, { exact: true }));
        await form.getByLabel('Title', { exact: true }).fill(title);
        await form.getByRole('button', { name: 'Add Link' }).click();
        await toast(page, 'Link created successfully');
        await hidden(form);
        await visible(page.getByRole('list', { name: 'Your Links' }).getByText(title, { exact: true }));
      };
      await add('My GitHub', 'octocat', 'GitHub', 'https://github.com/octocat');
      await add('Email me', email, undefined, `mailto:${email}`);
      await add('Portfolio', 'https://example.com/portfolio');
    });

    const listTitles = () =>
      page.getByRole('list', { name: 'Your Links' }).getByRole('listitem').locator('p.font-medium').allTextContents();

    const phone = t.viewport.name === 'phone';
    const how = phone ? 'moved with the keyboard' : 'dragged by its handle';
    await t.step(`reorder one: GitHub goes last, ${how}`, async () => {
      await eventually(listTitles, ['My GitHub', 'Email me', 'Portfolio'], 'the links in display order');
      const handle = () => page.getByRole('button', { name: 'Reorder My GitHub', exact: true });
      // Reaching for a handle loads drag and drop; the handle then says it is sortable.
      await handle().focus();
      await eventually(() => handle().getAttribute('aria-roledescription'), 'sortable', 'drag and drop loaded');
      if (phone) {
        // Picked up with Space, two places down with the arrow, dropped with Space; each step is
        // announced in the live region.
        await page.keyboard.press('Space');
        await eventually(() => handle().getAttribute('aria-pressed'), 'true', 'the link picked up');
        // The keyboard sensor moves nothing while it still measures the lifted row, which a busy
        // phone can stretch past the first announcement: an arrow lost then is pressed again (a
        // late one may already have moved it on, so either of the next places will do).
        await visible(page.getByText('My GitHub is over position 1 of 3.', { exact: true }));
        await pressUntilShown(
          page,
          'ArrowDown',
          page.getByText(/^My GitHub is over position [23] of 3\.$/),
          'My GitHub moved down a place',
        );
        await pressUntilShown(
          page,
          'ArrowDown',
          page.getByText('My GitHub is over position 3 of 3.', { exact: true }),
          'My GitHub over the last place',
        );
        await page.keyboard.press('Space');
        await visible(page.getByText('My GitHub dropped at position 3 of 3.', { exact: true }));
      } else {
        const from = (await handle().boundingBox())!;
        const last = page.getByRole('list', { name: 'Your Links' }).getByRole('listitem').last();
        const to = (await last.boundingBox())!;
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.75, { steps: 12 });
        await page.mouse.up();
      }
      await eventually(listTitles, ['Email me', 'Portfolio', 'My GitHub'], 'the links after reordering');
      // Saved: the list read again from the server has the same order.
      await page.reload();
      await eventually(listTitles, ['Email me', 'Portfolio', 'My GitHub'], 'the saved order');
    });

    await t.step("deactivate one: the e-mail link, by its row's switch", async () => {
      await page.getByRole('switch', { name: 'Active: Email me', exact: true }).click();
      const item = page.getByRole('list', { name: 'Your Links' }).getByRole('listitem').filter({ hasText: 'Email me' });
      await visible(item.getByText('Inactive', { exact: true }));
    });

    await t.step('a preset theme, then a custom colour', async () => {
      await openSection(t, 'Themes');
      await visible(page.getByRole('heading', { name: 'Theme Settings', exact: true }));
      await page.getByRole('button', { name: /Ocean Breeze/ }).click();
      await visible(page.getByRole('region', { name: 'Unsaved changes' }));
      await page.getByRole('button', { name: 'Save Theme' }).click();
      await toast(page, 'Theme updated successfully');
      await page.getByRole('button', { name: /Custom Theme/ }).click();
      await toast(page, 'Custom theme enabled. You can now personalize your theme.');
      await visible(page.getByText('Using Custom Theme').first());
      const accent = page.getByLabel('Accent Color', { exact: true });
      await accent.fill('c2185b');
      await accent.press('Tab');
      equal(await accent.inputValue(), '#c2185b', "the accent gets its '#' on blur");
      await page.getByRole('button', { name: 'Save Theme' }).click();
      await toast(page, 'Custom theme updated successfully');
    });

    await t.step('a two-column template', async () => {
      await openSection(t, 'Templates');
      await visible(page.getByText('Choose a template design for your digital card'));
      const card = page.getByRole('button', { name: /Professional/ });
      await card.click();
      await visible(page.getByRole('region', { name: 'Unsaved changes' }));
      await visible(card.getByText('Two columns'));
      await visible(card.getByText('Selected', { exact: true }));
      await page.getByRole('button', { name: 'Save Selected Template' }).click();
      await toast(page, 'Template updated successfully');
    });

    await t.step('the checklist follows: photo, link and theme done; contacts and sharing to do', async () => {
      await openSection(t, 'Dashboard');
      await visible(page.getByText('3 of 5 done', { exact: true }));
      await visible(page.getByRole('link', { name: 'Share your card (to do)' }));
    });

    const copied = await t.step("copy the card's URL", async () => {
      await openSection(t, 'Profile');
      const text = await withClipboard(async () => {
        await page.getByRole('button', { name: 'Copy URL' }).click();
        await toast(page, 'Profile URL copied to clipboard');
        return page.evaluate<string>('navigator.clipboard.readText()');
      });
      equal(text, cardUrl, 'the copied URL');
      // The toast's close button is drawn at 24 px and answers a tap 6 px beside it (decision 80).
      const shown = page.locator('[data-sonner-toast]', { hasText: 'Profile URL copied to clipboard' });
      // Playwright waits for the toast to stop moving and checks that the point reaches the button.
      await shown.locator('[data-close-button]').click({ position: { x: -6, y: 12 } });
      await shown.waitFor({ state: 'detached', timeout: 2000 });
      return text;
    });

    await t.step('the owner opens the card in a new tab: two columns, the custom accent', async () => {
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name: /View Profile/ }).click(),
      ]);
      await tab.waitForLoadState();
      await urlPath(tab, `/p/${username}`);
      const card = tab.locator('main#card');
      await visible(card.getByRole('heading', { name: 'Ada King', exact: true }));
      await visible(card.getByText('Writes programs for engines that do not exist yet.'));
      equal(await card.getAttribute('data-accent').then((v) => v?.toLowerCase()), '#c2185b', 'the accent colour');
      equal((await card.getAttribute('class'))?.split(' ').includes('two'), true, 'the two-column layout');
      const fonts = await tab.evaluate<string[]>(
        `document.fonts.ready.then(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')))`,
      );
      equal(fonts.includes('Nunito'), true, "Ocean Breeze's font (Nunito), served by this product, is drawn");
      const links = await card.getByRole('list', { name: 'Links' }).getByRole('link').allTextContents();
      equal(
        links.map((text) => text.trim()),
        ['Portfolio'],
        'active links in order on the card',
      );
      // A GitHub profile starts in the social row under the name, named by its title.
      await visible(card.getByRole('list', { name: 'Social profiles' }).getByRole('link', { name: 'My GitHub' }));
      await tab.close();
    });

    await t.step('a visitor opens the copied URL and clicks a link', async () => {
      // The owner's own views are not counted (README, Decisions: one KV entry per event): the visit that
      // counts is someone who got the link, in their own browser.
      const visitor = await browser.newContext({
        viewport: { width: t.viewport.width, height: t.viewport.height },
        isMobile: t.viewport.mobile,
        hasTouch: t.viewport.mobile,
      });
      try {
        await visitor.route('https://example.com/**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Portfolio</title><h1>Portfolio</h1>' }),
        );
        const tab = await visitor.newPage();
        const response = await tab.goto(copied);
        equal(response?.status(), 200, 'the card answers');
        const link = tab.locator('main#card').getByRole('link', { name: 'Portfolio' });
        const clicked = tab.waitForResponse((res) => /\/v1\/link\/\d+\/click/.test(res.url()));
        const [opened] = await Promise.all([visitor.waitForEvent('page'), link.click()]);
        equal((await clicked).status() < 400, true, 'the click is recorded');
        await opened.waitForLoadState();
        equal(opened.url(), 'https://example.com/portfolio', 'the link opens its url');
        await opened.close();
      } finally {
        await visitor.close();
      }
    });

    await t.step('back on the dashboard: 1 view, 1 click, 100% after the flush', async () => {
      await page.bringToFront();
      await app.flush();
      await openSection(t, 'Statistics');
      await page.reload();
      await visible(page.getByText('Track your digital card performance and engagement'));
      await eventually(() => statValue(page, 'Profile Views'), '1', 'Profile Views');
      await eventually(() => statValue(page, 'Link Clicks'), '1', 'Link Clicks');
      await eventually(
        async () => Number.parseFloat((await statValue(page, 'Click rate')) ?? ''),
        100,
        'Click rate (percent)',
      );
    });

    await t.step('the overview agrees: 1 view, 1 click, 2 active links', async () => {
      await openSection(t, 'Dashboard');
      await visible(page.getByRole('heading', { name: /^Welcome(?: back)?, Ada!$/ }));
      await eventually(() => statValue(page, 'Profile Views'), '1', 'Profile Views');
      await eventually(() => statValue(page, 'Link Clicks'), '1', 'Link Clicks');
      await eventually(() => statValue(page, 'Active Links'), '2', 'Active Links');
      // The card was shared (its URL copied): only letting visitors share their details is left.
      await visible(page.getByText('4 of 5 done', { exact: true }));
      await visible(page.getByRole('link', { name: 'Let visitors share their details (to do)' }));
    });
  },
};
