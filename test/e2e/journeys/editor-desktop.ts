// The editor on a desktop (decision 74): editing a link's title changes the live preview before it is
// saved, with no dialog dimming it; choosing a theme shows it in the preview at once and the save
// bar keeps it; a custom theme whose text cannot be read is refused with its ratio; the template
// preview toggles to a desktop's width and shows two columns. axe in light and dark throughout.
import type { Page } from 'playwright-core';
import { axeCollector } from '../harness/a11y.ts';
import { addLinks, signedInAccount } from '../harness/api.ts';
import { equal, eventually, hidden, seeText, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

type Profile = { data: { theme_id: number | null; custom_theme: unknown; template_id: number | null } };
type Named = { data: { id: number; name: string }[] };

const preview = (page: Page) => page.getByRole('complementary', { name: 'Live preview' });

/** The card drawn in the preview (a shadow root), as an expression for page.evaluate. */
const CARD = `document.querySelector('aside[aria-label="Live preview"] [role="img"]').shadowRoot`;

/** A custom property of the card drawn in the preview (its palette: --bg, --fg, --a). */
const previewVar = (page: Page, name: string) =>
  page.evaluate<string>(`${CARD}.querySelector('.page').style.getPropertyValue('${name}')`);

/** How many columns the card in the preview is laid out in. */
const columns = (page: Page) =>
  page.evaluate<number>(
    `getComputedStyle(${CARD}.querySelector('.wrap')).gridTemplateColumns.split(' ').filter(Boolean).length`,
  );

export const editorDesktop: Journey = {
  name: 'editor on a desktop: the preview follows a link, a theme and a template before saving',
  async run(t) {
    const { page, app, context } = t;
    const axe = axeCollector(t, 'light and dark');
    const { api } = await signedInAccount(context, app, t.unique('live'), 'Ada Lovelace');
    await addLinks(api, [{ title: 'My GitHub', url: 'https://github.com/ada' }]);
    const saved = async () => (await api.get<Profile>('/v1/user/profile')).data;

    await t.step("editing a link's title changes the preview before saving, nothing dims it", async () => {
      await page.goto(`${app.baseUrl}/dashboard/links`);
      await visible(preview(page).getByText('My GitHub', { exact: true }));
      await page.getByRole('button', { name: 'Edit My GitHub', exact: true }).click();
      const form = page.getByRole('region', { name: 'Edit Link' });
      await visible(form);
      equal(await page.getByRole('dialog').count(), 0, 'no dialog over the preview');
      await form.getByLabel('Title', { exact: true }).fill('Code by Ada');
      await visible(preview(page).getByText('Code by Ada', { exact: true }));
      await visible(preview(page).getByText('Your card as visitors see it, with your unsaved changes'));
    });
    await axe.here('a link edited beside the preview');
    await t.step('Update Link saves it; the caption no longer speaks of unsaved changes', async () => {
      await page.getByRole('button', { name: 'Update Link' }).click();
      await seeText(page, 'Link updated successfully');
      await hidden(page.getByRole('region', { name: 'Edit Link' }));
      await visible(preview(page).getByText('Your card as visitors see it', { exact: true }));
      await visible(page.getByRole('list', { name: 'Your Links' }).getByText('Code by Ada', { exact: true }));
    });

    await t.step("a look-alike of GitHub's address is a custom link: its host as title, the custom icon", async () => {
      await page.getByRole('button', { name: 'New Link', exact: true }).click();
      const form = page.getByRole('region', { name: 'Add New Link' });
      await form.getByLabel('Link', { exact: true }).fill('https://evil-github.com/octocat');
      await visible(preview(page).getByText('evil-github.com', { exact: true }));
      equal(await form.getByLabel('Title', { exact: true }).inputValue(), 'evil-github.com', 'titled by its host');
      equal(await form.getByRole('combobox', { name: 'Platform' }).inputValue(), 'Custom', 'a custom link');
      equal(await form.getByText(/^Recognised/).count(), 0, 'no platform recognised');
      const icon = await page.evaluate<string | null>(
        `[...${CARD}.querySelectorAll('.links a')].find((a) => a.textContent.includes('evil-github.com'))?.querySelector('img')?.getAttribute('src') ?? null`,
      );
      equal(icon, '/icons/custom.svg', 'the preview draws it with the custom icon');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await hidden(form);
    });

    await t.step('choosing a theme shows it in the preview at once; the save bar keeps it', async () => {
      const themes = await api.get<Named>('/v1/user/themes');
      const ocean = themes.data.find((theme) => theme.name === 'Ocean Breeze')!;
      await page.goto(`${app.baseUrl}/dashboard/themes`);
      await visible(page.getByRole('heading', { name: 'Select a Theme', exact: true }));
      // Beside the grid, in view on a 900 px screen, once it is drawn in the card's font and
      // measured to its frame (the card, not its column, which runs the grid's height to stay in
      // view as the page scrolls).
      await eventually(
        async () => {
          const box = await preview(page).locator('[role="img"]').first().boundingBox();
          return box !== null && box.y + box.height / 2 < 900;
        },
        true,
        'the preview is in view beside the grid',
        10_000,
      );
      const before = await previewVar(page, '--bg');
      await page.getByRole('button', { name: /Ocean Breeze/ }).click();
      await eventually(async () => (await previewVar(page, '--bg')) !== before, true, 'the preview in the new theme');
      await visible(page.getByRole('region', { name: 'Unsaved changes' }));
      await page.getByRole('button', { name: 'Save Theme' }).click();
      await seeText(page, 'Theme updated successfully');
      equal((await saved()).theme_id, ocean.id, 'the saved preset');
    });

    await t.step('a custom theme whose text cannot be read is refused with its ratio', async () => {
      await page.getByRole('button', { name: /Custom Theme/ }).click();
      for (const [label, value] of [
        ['Background Color', 'FFF7ED'],
        ['Text Color', 'F3E8DC'],
      ] as const) {
        const field = page.getByLabel(label, { exact: true });
        await field.fill(value);
        await field.press('Tab');
      }
      await visible(page.getByRole('alert').getByText(/reads at 1\.1:1; it needs at least 4\.5:1/));
      await page.getByRole('button', { name: 'Save Theme' }).click();
      await seeText(page, 'Choose a text colour that can be read');
      equal((await saved()).custom_theme, null, 'nothing saved');
    });
    await axe.here('themes refusing an illegible text colour');
    await t.step('its suggested colour reads, and saves', async () => {
      await page.getByRole('button', { name: /^Use #/ }).click();
      await hidden(page.getByRole('alert'));
      await page.getByRole('button', { name: 'Save Theme' }).click();
      await seeText(page, 'Custom theme updated successfully');
    });

    await t.step('the template preview toggles to a desktop width and shows two columns', async () => {
      await page.goto(`${app.baseUrl}/dashboard/templates`);
      await visible(page.getByText('Choose a template design for your digital card'));
      await page.getByRole('button', { name: /Professional/ }).click();
      await visible(page.getByRole('region', { name: 'Unsaved changes' }));
      // The preview draws its card a moment after the choice: read once it is there.
      await eventually(() => columns(page), 1, "one column at a phone's width");
      await preview(page).getByRole('button', { name: 'Desktop', exact: true }).click();
      await eventually(() => columns(page), 2, "two columns at a desktop's width");
      equal(
        await preview(page).getByRole('button', { name: 'Desktop', exact: true }).getAttribute('aria-pressed'),
        'true',
        'the toggle says which width is shown',
      );
    });
    await axe.here('templates at a desktop width');
    await axe.assertNone();
  },
};
