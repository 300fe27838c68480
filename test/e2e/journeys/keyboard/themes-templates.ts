// Theme Settings and Template Gallery with the keyboard alone: a preset selected and
// saved, the Custom Theme card turned on, a colour typed, Save Theme; a template selected and saved.
import { signedInAccount } from '../../harness/api.ts';
import { openSectionByKeys } from '../../harness/dashboard.ts';
import { equal, eventually, seeText, visible } from '../../harness/expect.ts';
import type { Journey } from '../../harness/journey.ts';
import { focused, tabTo, typeOver } from '../../harness/keys.ts';

type Profile = {
  data: { theme_id: number | null; custom_theme: { accent_color: string } | null; template_id: number | null };
};
type Named = { data: { id: number; name: string }[] };

export const keyboardThemesTemplates: Journey = {
  name: 'keyboard only: a theme, a custom colour and a template',
  async run(t) {
    const { page, app, context } = t;
    const { api } = await signedInAccount(context, app, t.unique('keys'), 'Kay Board');
    const saved = async () => (await api.get<Profile>('/v1/user/profile')).data;

    await t.step('reach Theme Settings from the navigation', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await visible(page.getByRole('heading', { name: /^Welcome(?: back)?, Kay!$/ }));
      await openSectionByKeys(t, 'Themes');
      await visible(page.getByRole('heading', { name: 'Select a Theme', exact: true }));
    });

    await t.step('select the Ocean Breeze preset and save it', async () => {
      const themes = await api.get<Named>('/v1/user/themes');
      const ocean = themes.data.find((theme) => theme.name === 'Ocean Breeze');
      await tabTo(page, /Ocean Breeze/);
      await page.keyboard.press('Enter');
      await visible(page.getByRole('region', { name: 'Unsaved changes' }));
      equal((await focused(page))?.checked, 'true', 'the preset card is pressed');
      await tabTo(page, 'Save Theme');
      await page.keyboard.press('Enter');
      await seeText(page, 'Theme updated successfully');
      equal((await saved()).theme_id, ocean?.id, 'the saved preset');
    });

    await t.step('turn the Custom Theme card on, type an accent colour, save', async () => {
      await tabTo(page, /Custom Theme/, { back: true });
      await page.keyboard.press('Space');
      await seeText(page, 'Custom theme enabled. You can now personalize your theme.');
      await visible(page.getByText('Using Custom Theme').first());
      await tabTo(page, 'Accent Color');
      await typeOver(page, 'c2185b');
      await page.keyboard.press('Tab');
      // docs/product.md §5: the hex box gains its '#' when it loses focus.
      await eventually(
        () => page.getByLabel('Accent Color', { exact: true }).inputValue(),
        '#c2185b',
        'the accent after Tab',
      );
      await tabTo(page, 'Save Theme');
      await page.keyboard.press('Enter');
      await seeText(page, 'Custom theme updated successfully');
      equal((await saved()).custom_theme?.accent_color.toLowerCase(), '#c2185b', 'the saved accent colour');
    });

    await t.step('select the Professional template and save it', async () => {
      const templates = await api.get<Named>('/v1/user/templates');
      const professional = templates.data.find((template) => template.name === 'Professional');
      await openSectionByKeys(t, 'Templates');
      await visible(page.getByText('Choose a template design for your digital card'));
      await visible(page.getByRole('button', { name: /Professional/ }));
      await tabTo(page, /Professional/);
      await page.keyboard.press('Enter');
      // The preview shows it at once; the save bar keeps it.
      await visible(page.getByRole('region', { name: 'Unsaved changes' }));
      equal((await focused(page))?.checked, 'true', 'the template card is pressed');
      await tabTo(page, 'Save Selected Template');
      await page.keyboard.press('Enter');
      await seeText(page, 'Template updated successfully');
      equal((await saved()).template_id, professional?.id, 'the saved template');
    });
  },
};
