// Sections, the social row, a scheduled, a highlighted and a sensitive link on a phone (decision
// 0101): the owner adds a header and moves a link under it with the keyboard, shows Instagram in
// the social row, schedules a link for tomorrow (its 'Starts …' in the list and the preview), marks
// one sensitive and highlighted; a visitor's card then has the header, the row, no scheduled link,
// the highlight whose motion stops under prefers-reduced-motion, and the interstitial to pass.
import { join } from 'node:path';
import { axeCollector } from '../harness/a11y.ts';
import { addLinks, signedInAccount } from '../harness/api.ts';
import { equal, eventually, hidden, seeText, until, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

const pad = (n: number) => String(n).padStart(2, '0');

export const linkKinds: Journey = {
  name: 'link kinds: a header, the social row, a scheduled, highlighted and sensitive link',
  timeoutMs: 180_000,
  async run(t) {
    const { page, app, context, browser, outDir } = t;
    const username = t.unique('kinds');
    const { api } = await signedInAccount(context, app, username, 'Ada Lovelace');
    await addLinks(api, [
      { title: 'Blog', url: 'https://ada.example.com/blog' },
      { title: 'Shop', url: 'https://ada.example.com/shop' },
    ]);
    // A row's Edit, pressed again if the list was drawn anew under the first press (a save's
    // refetch redraws the rows), until the form is open for it. Each press waits for the form a
    // while first: pressed again at once, the press could land on the form's Cancel, which opens
    // where the row's button was.
    const openEdit = async (title: string) => {
      const form = page.getByRole('region', { name: 'Edit Link' });
      await hidden(form);
      await until(async () => {
        if (await form.isVisible()) return true;
        await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
        return form.waitFor({ state: 'visible', timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      }, `the form open for ${title}`);
      await visible(form.getByLabel('Starts'));
      return form;
    };
    const listTitles = () =>
      page.getByRole('list', { name: 'Your Links' }).getByRole('listitem').locator('p.font-medium').allTextContents();

    await t.step('a header added, and Shop moved under it with the keyboard', async () => {
      await page.goto(`${app.baseUrl}/dashboard/links`);
      await page.getByRole('button', { name: 'Add header' }).click();
      const form = page.getByRole('region', { name: 'Add Header' });
      await form.getByLabel('Header').fill('Music');
      await form.getByRole('button', { name: 'Add header' }).click();
      await seeText(page, 'Link created successfully');
      await eventually(listTitles, ['Blog', 'Shop', 'Music'], 'the header last');
      const handle = () => page.getByRole('button', { name: 'Reorder Shop', exact: true });
      await handle().focus();
      await eventually(() => handle().getAttribute('aria-roledescription'), 'sortable', 'drag and drop loaded');
      await page.keyboard.press('Space');
      await visible(page.getByText('Shop is over position 2 of 3.', { exact: true }));
      // An arrow pressed while the lifted row is still being measured moves nothing: pressed
      // again until the row is over the last place (further presses keep it there).
      const last = page.getByText('Shop is over position 3 of 3.', { exact: true });
      await until(async () => {
        if (await last.isVisible()) return true;
        await page.keyboard.press('ArrowDown');
        return last.isVisible();
      }, 'Shop over the last place');
      await page.keyboard.press('Space');
      await eventually(listTitles, ['Blog', 'Music', 'Shop'], 'Shop under the header');
    });

    await t.step('Instagram shown in the social row', async () => {
      await page.getByRole('button', { name: 'New Link' }).click();
      await page.getByLabel('Link', { exact: true }).fill('https://instagram.com/ada.lovelace');
      await eventually(
        () => page.getByRole('radio', { name: 'Icon in the social row' }).isChecked(),
        true,
        'a profile starts as an icon',
      );
      await page.getByRole('button', { name: 'Add Link' }).click();
      await seeText(page, 'Link created successfully');
    });

    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T09:00`;
    await t.step(
      "Blog scheduled for tomorrow, its 'Starts …' in the list; Shop sensitive and highlighted",
      async () => {
        const form = await openEdit('Blog');
        await form.getByLabel('Starts').fill(local);
        await form.getByRole('button', { name: 'Update Link' }).click();
        await seeText(page, 'Link updated successfully');
        const row = page.getByRole('list', { name: 'Your Links' }).getByRole('listitem').first();
        await visible(row.getByText(/^Starts \d{1,2} \w{3}, 09:00$/));
        const shop = await openEdit('Shop');
        await shop.getByRole('switch', { name: 'Highlight this link' }).click();
        await shop.getByRole('switch', { name: 'Content for adults' }).click();
        await shop.getByRole('button', { name: 'Update Link' }).click();
        await seeText(page, 'Link updated successfully');
        await visible(page.getByText('For adults', { exact: true }));
        await page.screenshot({ path: join(outDir, 'phone-editor-link-kinds.png'), fullPage: true });
        // The preview draws the header, the row, and the scheduled link with its state.
        await page.getByRole('button', { name: 'Preview' }).click();
        await visible(page.locator('.when:visible').getByText(/^Starts \d{1,2} \w{3}, 09:00$/));
        await visible(page.locator('h2.lh:visible').getByText('Music'));
        await visible(page.locator('ul.social a[aria-label="Instagram"]:visible'));
        await page.screenshot({ path: join(outDir, 'phone-preview-link-kinds.png') });
        await page.keyboard.press('Escape');
      },
    );

    await t.step('eight links: six rows or more to a 390x844 screen, badges and controls in each', async () => {
      await addLinks(api, [
        { title: 'GitHub', url: 'https://github.com/ada-lovelace', display_order: 4 },
        { title: 'Newsletter', url: 'https://ada.example.com/newsletter', display_order: 5 },
        { title: 'Old talk', url: 'https://ada.example.com/talks/2025', display_order: 6, is_active: false },
        { title: 'Contact', url: 'https://ada.example.com/contact', display_order: 7 },
      ]);
      await page.reload();
      const list = page.getByRole('list', { name: 'Your Links' });
      await eventually(() => list.getByRole('listitem').count(), 8, 'eight rows');
      await visible(page.getByText('For adults', { exact: true }));
      // A screenful of the list: its first row just under the header, then the rows wholly between
      // the header and the Preview bar at the foot of the screen.
      const fit = () =>
        page.evaluate<{ rows: number; heights: number[] }>(`(() => {
          const top = document.querySelector('header').getBoundingClientRect().bottom;
          const rows = [...document.querySelectorAll('ul[aria-label="Your Links"] > li')];
          window.scrollBy(0, rows[0].getBoundingClientRect().top - top - 8);
          const bottom = [...document.querySelectorAll('button')]
            .find((button) => button.textContent.trim() === 'Preview')
            .getBoundingClientRect().top;
          const boxes = rows.map((row) => row.getBoundingClientRect());
          return {
            rows: boxes.filter((box) => box.top >= top && box.bottom <= bottom).length,
            heights: boxes.map((box) => Math.round(box.height)),
          };
        })()`);
      await eventually(
        async () => {
          const found = await fit();
          return found.rows >= 6 ? 'six or more' : JSON.stringify(found);
        },
        'six or more',
        'rows wholly on the screen (else how many, and their heights)',
      );
      // Each row still shows what it did: its Edit, its switch, its handle and its badges.
      for (const title of ['Blog', 'Shop', 'Instagram', 'Old talk']) {
        await visible(page.getByRole('button', { name: `Edit ${title}`, exact: true }));
        await visible(page.getByRole('button', { name: `Reorder ${title}`, exact: true }));
      }
      await visible(list.getByRole('switch', { name: /Old talk/ }));
      for (const badge of ['Header', 'Social row', 'Highlighted', 'Inactive']) {
        await visible(list.getByText(badge, { exact: true }));
      }
      await page.screenshot({ path: join(outDir, 'phone-links-eight.png') });
    });
    // The compact rows read as well as the roomy ones did, in both schemes.
    const axe = axeCollector(t, 'light and dark');
    await axe.here('Manage Links, eight rows on a phone');
    await axe.assertNone();

    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const card = await visitor.newPage();
      await t.step('the card: the header, the social row, no scheduled link, the highlight', async () => {
        await card.goto(`${app.baseUrl}/p/${username}`);
        await visible(card.getByRole('heading', { name: 'Music', level: 2 }));
        const row = card.getByRole('list', { name: 'Social profiles' });
        await visible(row.getByRole('link', { name: 'Instagram' }));
        equal(await card.getByRole('link', { name: /Blog/ }).count(), 0, 'the scheduled link absent');
        const highlighted = card.locator('#card .links a.hl');
        await visible(highlighted.getByText('Featured'));
        equal(
          await card.evaluate<string>(`getComputedStyle(document.querySelector('#card .links a.hl')).animationName`),
          'cl-nudge',
          'the highlight moves',
        );
        await card.emulateMedia({ reducedMotion: 'reduce' });
        equal(
          await card.evaluate<string>(`getComputedStyle(document.querySelector('#card .links a.hl')).animationName`),
          'none',
          'no motion under prefers-reduced-motion',
        );
        await card.screenshot({ path: join(outDir, 'phone-card-link-kinds.png'), fullPage: true });
      });

      await t.step('the sensitive link: its interstitial, and Continue on to the link', async () => {
        await visitor.route('https://ada.example.com/**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>The shop</h1>' }),
        );
        const href = await card.locator('#card .links a.hl').getAttribute('href');
        await card.goto(`${app.baseUrl}${href}`);
        await visible(card.getByText('This link may contain content for adults. Continue?'));
        await card.getByRole('link', { name: 'Continue' }).click();
        await card.waitForURL('https://ada.example.com/shop');
        await visible(card.getByRole('heading', { name: 'The shop' }));
      });
    } finally {
      await visitor.close();
    }
  },
};
