// Several cards in one account (docs/decisions/0091-cards-apart-from-accounts.md), on a phone: a
// second card made by copying the first, given its own language, theme and link on the dashboard's
// screens with it in view, both public cards as a visitor sees them, each card's own statistics
// after the drain, switching in the header, and deleting the second card.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { axeCollector } from '../harness/a11y.ts';
import { signedInAccount } from '../harness/api.ts';
import { assertNoHorizontalOverflow } from '../harness/layout.ts';
import { openSection, statValue } from '../harness/dashboard.ts';
import { equal, eventually, hidden, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

type Themes = { data: { name: string; background_color: string }[] };

/** The header's card switcher: its name is what it shows (the initials without a photo), then the username. */
const switcher = (username: string) => new RegExp(`@${username}: switch card$`);

/**
 * The @username the header's switcher shows, on a phone too: a copied card keeps the first one's
 * initials (or photo), so its username is what tells the card in view.
 */
const shownInHeader = (page: Page, username: string) =>
  page
    .locator('header')
    .getByRole('button', { name: switcher(username) })
    .getByText(`@${username}`, { exact: true });

/** The card the dashboard's address names. */
const cardOf = (page: Page) => new URL(page.url()).searchParams.get('card');

/** The public card's background colour, as its page sets it for the theme. */
const background = (card: Page) =>
  card.evaluate<string>("getComputedStyle(document.body).getPropertyValue('--bg').trim().toLowerCase()");

/** A card's views and clicks of all time, as the overview's list shows them. */
const figures = (list: Locator, username: string) =>
  list
    .getByRole('listitem')
    .filter({ has: list.page().getByText(`@${username}`, { exact: true }) })
    .locator('dd')
    .allTextContents();

export const severalCards: Journey = {
  name: 'several cards: a copy with its own language, theme and link, counted apart, switched and deleted',
  async run(t) {
    const { page, app, context, browser } = t;
    const axe = axeCollector(t, 'light');
    const username = t.unique('dual');
    const work = `${username}-work`;
    const { api } = await signedInAccount(context, app, username, 'Dana Dual');
    await api.post('/v1/user/links', { title: 'Personal site', url: 'https://dana.example.com/' });
    let workId = '';

    await t.step('New card in the header: a copy of the first, its username checked as typed', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await page.getByRole('button', { name: switcher(username) }).click();
      await page.getByRole('menuitem', { name: /New card/ }).click();
      const dialog = page.getByRole('dialog', { name: 'New card' });
      await dialog.getByLabel('Username').fill(username);
      await visible(dialog.getByText(`@${username} is taken`, { exact: true }));
      await dialog.getByLabel('Username').fill(work);
      await visible(dialog.getByText(`@${work} is free`, { exact: true }));
      await dialog.getByLabel('Start from').selectOption({ label: `A copy of @${username}` });
      await axe.here("'New card', a free username");
      await dialog.getByRole('button', { name: 'Create card' }).click();
      await visible(page.getByText(`Card @${work} created`, { exact: true }));
      await urlPath(page, '/dashboard/profile');
      workId = new URL(page.url()).searchParams.get('card') ?? '';
      equal(workId.length > 0, true, 'the new card named in the address');
      await visible(shownInHeader(page, work));
      await assertNoHorizontalOverflow(page);
    });

    await t.step('the second card speaks Spanish; the dashboard stays English', async () => {
      const language = page.getByLabel('Card language');
      await visible(language);
      await language.selectOption({ label: 'Español' });
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await visible(page.getByText('Profile updated successfully', { exact: true }));
      // The dashboard stays English: the card's language is the card's.
      equal(await page.getAttribute('html', 'lang'), 'en', "the dashboard's language");
    });

    await t.step('a link of its own, added on Links with the second card in view', async () => {
      await openSection(t, 'Links');
      equal(cardOf(page), workId, 'the card in view on Links');
      const list = page.getByRole('list', { name: 'Your Links' });
      // The copy's link is there, and the new one joins it.
      await visible(list.getByText('Personal site', { exact: true }));
      const form = page.getByRole('region', { name: 'Add New Link' });
      await page.getByRole('button', { name: 'New Link', exact: true }).click();
      await form.getByLabel('Link', { exact: true }).fill('https://work.example.com/');
      await form.getByLabel('Title', { exact: true }).fill('Work portfolio');
      await form.getByRole('button', { name: 'Add Link' }).click();
      await visible(page.getByText('Link created successfully', { exact: true }));
      await hidden(form);
      await visible(list.getByText('Work portfolio', { exact: true }));
    });

    await t.step('a theme of its own, chosen on Themes with the second card in view', async () => {
      await openSection(t, 'Themes');
      equal(cardOf(page), workId, 'the card in view on Themes');
      await visible(page.getByRole('heading', { name: 'Theme Settings', exact: true }));
      await page.getByRole('button', { name: /Ocean Breeze/ }).click();
      await page.getByRole('button', { name: 'Save Theme' }).click();
      await visible(page.getByText('Theme updated successfully', { exact: true }));
      await visible(page.getByRole('button', { name: switcher(work) }));
      await page.screenshot({ path: join(t.outDir, 'themes-second-card.png'), fullPage: true });
    });

    await t.step('a visitor opens both cards: each with its own links, language and theme', async () => {
      const ocean = (await api.get<Themes>('/v1/user/themes')).data.find((theme) => theme.name === 'Ocean Breeze')!;
      // Someone else, in a browser of their own: the owner's own views are not counted.
      const visitor = await browser.newContext({
        viewport: { width: t.viewport.width, height: t.viewport.height },
        isMobile: t.viewport.mobile,
        hasTouch: t.viewport.mobile,
      });
      try {
        await visitor.route('https://work.example.com/**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Work</title><h1>Work</h1>' }),
        );
        const card = await visitor.newPage();
        await card.goto(`${app.baseUrl}/p/${work}`);
        const links = card.locator('main#card');
        await visible(links.getByRole('link', { name: /Personal site/ }));
        await visible(card.getByRole('link', { name: 'Guardar contacto' }));
        equal(await background(card), ocean.background_color.toLowerCase(), "the second card's background");
        const clicked = card.waitForResponse((res) => /\/v1\/link\/\d+\/click/.test(res.url()));
        const [opened] = await Promise.all([
          visitor.waitForEvent('page'),
          links.getByRole('link', { name: /Work portfolio/ }).click(),
        ]);
        equal((await clicked).status() < 400, true, 'the click is recorded');
        await opened.close();

        await card.goto(`${app.baseUrl}/p/${username}`);
        await visible(card.getByRole('link', { name: /Personal site/ }));
        await hidden(card.getByRole('link', { name: /Work portfolio/ }));
        await visible(card.getByRole('link', { name: 'Save contact' }));
        const first = await background(card);
        equal(first !== ocean.background_color.toLowerCase(), true, `the first card's background (${first})`);
      } finally {
        await visitor.close();
      }
    });

    await t.step("after the drain, Statistics shows the second card's figures", async () => {
      await app.flush();
      await openSection(t, 'Statistics');
      equal(cardOf(page), workId, 'the card in view on Statistics');
      await eventually(() => statValue(page, 'Profile Views'), '1', "the second card's views");
      await eventually(() => statValue(page, 'Link Clicks'), '1', "the second card's clicks");
      await page.screenshot({ path: join(t.outDir, 'statistics-second-card.png'), fullPage: true });
      await axe.here('Statistics of the second card');
    });

    await t.step(
      'switched in the header, the same screen shows the first card: its own figures and language',
      async () => {
        await page.getByRole('button', { name: switcher(work) }).click();
        await page.getByRole('menuitemradio', { name: new RegExp(`@${username}\\b(?!-)`) }).click();
        await visible(shownInHeader(page, username));
        await urlPath(page, '/dashboard/stats');
        await eventually(() => statValue(page, 'Link Clicks'), '0', "the first card's clicks");
        equal(await statValue(page, 'Profile Views'), '1', "the first card's views");
        await openSection(t, 'Profile');
        equal(await page.getByLabel('Card language').inputValue(), 'en', "the first card's language");
      },
    );

    await t.step('the overview lists both cards; the second is deleted once its username is typed', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      const list = page.getByRole('list', { name: 'Your cards' });
      await visible(list.getByText(`@${work}`, { exact: true }));
      equal(await figures(list, work), ['1', '1'], "the second card's views and clicks");
      equal(await figures(list, username), ['1', '0'], "the first card's views and clicks");
      await axe.here("the overview's two cards");
      await page.getByRole('button', { name: switcher(username) }).click();
      await visible(page.getByRole('menu', { name: 'Your cards' }));
      await axe.here("the card switcher's menu");
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: `Delete card @${work}` }).click();
      const dialog = page.getByRole('dialog', { name: `Delete @${work}?` });
      const confirm = dialog.getByRole('button', { name: 'Delete card' });
      equal(await confirm.isDisabled(), true, 'Delete before the username is typed');
      await dialog.getByLabel(`Type ${work} to confirm`).fill(work);
      await confirm.click();
      await visible(page.getByText(`Card @${work} deleted`, { exact: true }));
      await hidden(list.getByText(`@${work}`, { exact: true }));
      const gone = await page.request.get(`${app.baseUrl}/p/${work}`);
      equal(gone.status(), 404, 'the deleted card\u2019s page');
    });
    await axe.assertNone();
  },
};
