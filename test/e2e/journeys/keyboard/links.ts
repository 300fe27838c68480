// Manage Links with the keyboard alone: the form opened in its dialog, a platform found by typing
// in the picker, a username with its generated URL, the link added, edited and deleted through the
// confirmation dialog, which Escape closes. Nothing is clicked.
import { signedInAccount } from '../../harness/api.ts';
import { openSectionByKeys } from '../../harness/dashboard.ts';
import { equal, eventually, hidden, seeText, until, urlPath, visible } from '../../harness/expect.ts';
import type { Journey } from '../../harness/journey.ts';
import { focused, focusIsOn, tabTo, typeOver } from '../../harness/keys.ts';

export const keyboardLinks: Journey = {
  name: 'keyboard only: add, edit and delete a link',
  async run(t) {
    const { page, app, context } = t;
    await signedInAccount(context, app, t.unique('keys'), 'Kay Board');
    const list = page.getByRole('list', { name: 'Your Links' });

    await t.step('reach Manage Links from the navigation', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await visible(page.getByRole('heading', { name: /^Welcome(?: back)?, Kay!$/ }));
      await openSectionByKeys(t, 'Links');
      await visible(page.getByRole('heading', { name: 'Manage Links', exact: true }));
      await seeText(page, "You don't have any links yet");
    });

    const form = (name: string) => page.getByRole('dialog', { name, exact: true });
    await t.step("'New Link' opens the form on its Title; GitHub is found by typing its name", async () => {
      await tabTo(page, 'New Link');
      await page.keyboard.press('Enter');
      await visible(form('Add New Link'));
      await focusIsOn(page, 'Title', 'focus on the Title of the new link');
      await page.keyboard.type('My GitHub');
      await tabTo(page, 'Platform');
      // The picker filters as it is typed into; the first match is active, Enter chooses it.
      await page.keyboard.type('GitHub');
      await visible(form('Add New Link').getByRole('option', { name: 'GitHub', exact: true }));
      await page.keyboard.press('Enter');
      await eventually(async () => (await focused(page))?.value, 'GitHub', 'the platform chosen');
      await tabTo(page, 'Username / ID');
      await page.keyboard.type('octocat');
      await seeText(page, 'https://github.com/octocat');
      await tabTo(page, 'Add Link');
      await page.keyboard.press('Enter');
      await seeText(page, 'Link created successfully');
      await hidden(form('Add New Link'));
      await focusIsOn(page, 'New Link', "focus back on 'New Link'");
      await visible(list.getByText('My GitHub', { exact: true }));
    });

    await t.step("edit it: the form takes focus, 'Update Link' saves", async () => {
      await tabTo(page, 'Edit My GitHub');
      await page.keyboard.press('Enter');
      await visible(form('Edit Link'));
      await focusIsOn(page, 'Title', 'focus on the Title of the link being edited');
      await typeOver(page, 'My Code');
      await tabTo(page, 'Update Link');
      await page.keyboard.press('Enter');
      await seeText(page, 'Link updated successfully');
      await hidden(form('Edit Link'));
      await visible(list.getByText('My Code', { exact: true }));
      await focusIsOn(page, 'Edit My Code', 'focus back on the Edit button of the link');
    });

    const dialog = page.getByRole('dialog', { name: 'Delete link', exact: true });
    await t.step('Escape closes the delete dialog and focus returns to its button', async () => {
      await tabTo(page, 'Delete My Code');
      await page.keyboard.press('Enter');
      await visible(dialog.getByText('Are you sure you want to delete this link?'));
      await until(async () => (await dialog.locator(':focus').count()) === 1, 'focus inside the dialog');
      await page.keyboard.press('Escape');
      await hidden(dialog);
      await focusIsOn(page, 'Delete My Code');
      await visible(list.getByText('My Code', { exact: true }));
    });

    await t.step('delete it through the dialog', async () => {
      await page.keyboard.press('Enter');
      await visible(dialog);
      await tabTo(page, 'Delete');
      await page.keyboard.press('Enter');
      await seeText(page, 'Link deleted successfully');
      await hidden(dialog);
      await seeText(page, "You don't have any links yet");
      equal(await list.count(), 0, 'links left in the list');
      await urlPath(page, '/dashboard/links');
    });
  },
};
