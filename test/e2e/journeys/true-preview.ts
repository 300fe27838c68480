// The preview tells the truth: it draws the card in the card's own web font, loaded before it
// paints, on Profile, Links and Templates; on a phone it is one tap away from the foot of every
// card screen and closing it gives back the form as typed; both widths on both screens, two
// columns at a desktop's, the desktop's card filling its frame; on a desktop the Links preview
// brings the link being edited, or added, into view; the galleries show the owner's own card.
// axe in light and dark on each screen and on the open preview.
import { expect } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';
import { axeCollector } from '../harness/a11y.ts';
import { addLinks, signedInAccount } from '../harness/api.ts';
import { equal, eventually, hidden, until, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

type Named = { data: { id: number; name: string }[] };

/** The shown frame of the preview: the phone's open sheet, else the one beside the form. */
const FRAME = `[...document.querySelectorAll('[data-preview-frame]')].find((frame) => frame.offsetParent !== null)`;
const CARD = `${FRAME}.querySelector('[role="img"]').shadowRoot`;

type Drawn = { family: string; painted: boolean; faces: string[] };

/** The family the card's name is drawn in, whether it is painted yet, and the loaded faces of the document. */
const drawn = (page: Page) =>
  page.evaluate<Drawn>(`(() => {
    const page = ${CARD}.querySelector('.page');
    return {
      family: getComputedStyle(page.querySelector('h1')).fontFamily,
      painted: getComputedStyle(page).visibility !== 'hidden',
      faces: [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/"/g, '') + ' ' + face.weight),
    };
  })()`);

/** The card in the preview is painted in Merriweather, whose files had loaded by then. */
async function inMerriweather(page: Page, where: string) {
  await until(async () => (await drawn(page).catch(() => null))?.painted === true, `${where}: the preview painted`);
  const { family, faces } = await drawn(page);
  equal(
    family.replace(/"/g, '').split(',')[0],
    'Merriweather',
    `${where}: the card's name in Merriweather (${family})`,
  );
  equal(
    ['Merriweather 400', 'Merriweather 700'].every((face) => faces.includes(face)),
    true,
    `${where}: both Merriweather faces loaded when the preview painted (${faces.join(', ')})`,
  );
  equal(
    await page.evaluate<boolean>(`document.fonts.check('700 16px "Merriweather"')`),
    true,
    `${where}: the browser has the font`,
  );
}

/** How many columns the card in the shown preview is laid out in. */
const columns = (page: Page) =>
  page.evaluate<number>(
    `getComputedStyle(${CARD}.querySelector('.wrap')).gridTemplateColumns.split(' ').filter(Boolean).length`,
  );

/** Whether the card's background covers the whole of the frame's view (no empty block under a small card). */
const fillsFrame = (page: Page) =>
  page.evaluate<boolean>(`(() => {
    const view = ${FRAME}.querySelector('[data-preview-scroll]');
    const frame = view.getBoundingClientRect();
    const card = ${CARD}.querySelector('.page').getBoundingClientRect();
    // Scrolled to its end, the frame ends with the card: nothing below it to scroll through.
    const ends = view.scrollHeight <= Math.ceil(card.height) + 2;
    return ends && card.top <= frame.top + 1 && card.bottom >= frame.bottom - 1 && card.width >= view.clientWidth - 1;
  })()`);

/** Whether the link titled `title` shows inside the preview's frame, and whether it is outlined. */
const linkInFrame = (page: Page, title: string) =>
  page.evaluate<{ inside: boolean; lit: boolean }>(`(() => {
    const frame = ${FRAME}.getBoundingClientRect();
    const link = [...${CARD}.querySelectorAll('.links a')].find((a) => a.textContent === ${JSON.stringify(title)});
    if (!link) return { inside: false, lit: false };
    const box = link.getBoundingClientRect();
    return { inside: box.top >= frame.top && box.bottom <= frame.bottom, lit: link.classList.contains('lit') };
  })()`);

/** The phone's way in: the bar at the foot of the screen, or the save bar's button while it shows. */
async function openPreview(page: Page) {
  const button = page.getByRole('button', { name: 'Preview', exact: true });
  await expect(button).toBeEnabled({ timeout: 30_000 });
  // One tap away wherever the screen is scrolled to: the button stays on screen.
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight / 2)');
  const box = (await button.boundingBox())!;
  const height = page.viewportSize()!.height;
  equal(box.y >= 0 && box.y + box.height <= height, true, `'Preview' on screen half way down (${box.y})`);
  await button.tap();
  const dialog = page.getByRole('dialog', { name: 'Preview', exact: true });
  await visible(dialog);
  return dialog;
}

async function chooseWidth(within: Locator, width: 'Phone' | 'Desktop') {
  const button = within.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: width, exact: true });
  await button.click();
  equal(await button.getAttribute('aria-pressed'), 'true', `${width} chosen`);
}

export const truePreview: Journey = {
  name: 'the preview tells the truth: the card’s font, one tap on a phone, both widths, the edited link, the owner’s card in the galleries',
  timeoutMs: 240_000,
  async run(t) {
    const { page, app, context } = t;
    const phone = t.viewport.mobile;
    const axe = axeCollector(t, 'light and dark');
    const { api } = await signedInAccount(context, app, t.unique('truth'), 'Grace Hopper');
    await addLinks(
      api,
      Array.from({ length: 9 }, (_, i) => ({ title: `Link number ${i + 1}`, url: `https://example.com/${i + 1}` })),
    );
    const themes = await api.get<Named>('/v1/user/themes');
    const templates = await api.get<Named>('/v1/user/templates?all=true');
    const editorial = themes.data.find((theme) => theme.name === 'Editorial')!;
    const professional = templates.data.find((template) => template.name === 'Professional')!;
    await api.put('/v1/user/profile/theme', { theme_id: editorial.id });
    await api.put('/v1/user/profile/template', { template_id: professional.id });
    const sheet = page.getByRole('dialog', { name: 'Preview', exact: true });
    const aside = page.getByRole('complementary', { name: 'Live preview' });

    for (const [path, heading] of [
      ['profile', 'Profile Settings'],
      ['links', 'Manage Links'],
      ['templates', 'Template Gallery'],
    ] as const) {
      await t.step(`${heading}: the preview draws the card in its own font`, async () => {
        await page.goto(`${app.baseUrl}/dashboard/${path}`);
        await visible(page.getByRole('heading', { name: heading, exact: true }));
        if (phone) {
          await openPreview(page);
          await inMerriweather(page, `${heading}, the phone's preview`);
          await page.keyboard.press('Escape');
          await hidden(sheet);
        } else {
          await inMerriweather(page, `${heading}, beside the form`);
        }
      });
    }

    if (phone) {
      await t.step('typed, previewed at both widths, closed: the typed text is still there, unsaved', async () => {
        await page.goto(`${app.baseUrl}/dashboard/profile`);
        const bio = page.getByLabel('Bio', { exact: true });
        await visible(bio);
        await bio.fill('Rear admiral, typed and not saved');
        const dialog = await openPreview(page);
        await visible(dialog.getByText('Your card as visitors see it, with your unsaved changes'));
        await eventually(
          () => page.evaluate<string>(`${CARD}.querySelector('.bio')?.textContent ?? ''`),
          'Rear admiral, typed and not saved',
          'the sheet shows the unsaved bio',
        );
        equal(await columns(page), 1, "a phone's width: one column");
        await axe.here("the phone's preview sheet");
        await chooseWidth(dialog, 'Desktop');
        await eventually(() => columns(page), 2, "a desktop's width: the Professional template's two columns");
        await until(() => fillsFrame(page), "the desktop's card fills its frame");
        await dialog.getByRole('button', { name: 'Close' }).click();
        await hidden(dialog);
        equal(await bio.inputValue(), 'Rear admiral, typed and not saved', 'the bio as typed');
        await visible(page.getByRole('region', { name: 'Unsaved changes' }));
        await axe.here('Profile with the save bar, after the preview');
      });
    } else {
      await t.step('Links: the preview scrolls to the link being edited, and to a new one', async () => {
        await page.goto(`${app.baseUrl}/dashboard/links`);
        await visible(aside.getByRole('img', { name: 'Card preview' }));
        equal((await linkInFrame(page, 'Link number 9')).inside, false, 'the last link starts out of view');
        await page.getByRole('button', { name: 'Edit Link number 9', exact: true }).click();
        await until(
          async () => (await linkInFrame(page, 'Link number 9')).inside,
          'the edited link scrolled into view',
        );
        equal((await linkInFrame(page, 'Link number 9')).lit, true, 'and outlined for a moment');
        await page.getByRole('button', { name: 'Cancel', exact: true }).click();
        // Back at the top for the next: a new link is added last.
        await page.evaluate(`${FRAME}.querySelector('[role="img"]').scrollTo({ top: 0 })`);
        await page.getByRole('button', { name: 'New Link', exact: true }).click();
        const form = page.getByRole('region', { name: 'Add New Link' });
        await form.getByLabel('Link', { exact: true }).fill('https://grace.example.org/');
        await form.getByLabel('Title', { exact: true }).fill('COBOL notes');
        await until(async () => (await linkInFrame(page, 'COBOL notes')).inside, 'the new link scrolled into view');
        await axe.here('a link added beside the preview');
      });
      await t.step("the desktop width shows two columns and fills the preview's frame", async () => {
        await page.goto(`${app.baseUrl}/dashboard/templates`);
        await visible(aside.getByRole('img', { name: 'Card preview' }));
        await chooseWidth(aside, 'Desktop');
        await eventually(() => columns(page), 2, "the Professional template's two columns");
        await until(() => fillsFrame(page), "the desktop's card fills its frame");
      });
    }

    await t.step("the galleries show the owner's own card in each look", async () => {
      // A gallery's tile (a button named by the look), its card's name and its number of columns.
      const TILE = (name: string) =>
        `[...document.querySelectorAll('button[aria-pressed]')].find((b) => b.textContent.includes(${JSON.stringify(name)})).querySelector('[aria-hidden="true"]').shadowRoot`;
      const tileName = (name: string) => page.evaluate<string>(`${TILE(name)}.querySelector('h1').textContent`);
      const tileColumns = (name: string) =>
        page.evaluate<number>(
          `getComputedStyle(${TILE(name)}.querySelector('.wrap')).gridTemplateColumns.split(' ').filter(Boolean).length`,
        );
      await page.goto(`${app.baseUrl}/dashboard/themes`);
      const midnight = page.getByRole('button', { name: /^Midnight/ });
      await visible(midnight);
      equal(await tileName('Midnight'), 'Grace Hopper', 'the Midnight preset as her card');
      equal(await midnight.getByText('Aa', { exact: true }).count(), 0, 'no swatch');
      await axe.here('the theme gallery');
      await page.goto(`${app.baseUrl}/dashboard/templates`);
      const portfolio = page.getByRole('button', { name: /^Portfolio/ });
      await visible(portfolio);
      equal(await tileName('Portfolio'), 'Grace Hopper', 'the Portfolio template as her card');
      equal(await tileColumns('Portfolio'), 2, 'a two-column template in two columns');
      await axe.here('the template gallery');
    });
    await axe.assertNone();
  },
};
