// Manage Links with the keyboard alone: the form opened in place, a platform found by typing in the
// picker, a username with its generated URL, the link added, edited (Escape leaves the form), and
// deleted, then brought back with the toast's Undo. Nothing is clicked.
import { signedInAccount } from '../../harness/api.ts';
import { openSectionByKeys } from '../../harness/dashboard.ts';
import { eventually, hidden, seeText, urlPath, visible } from '../../harness/expect.ts';
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

    const form = (name: string) => page.getByRole('region', { name, exact: true });
    await t.step("'New Link' opens the form on its Link field; GitHub is found by typing its name", async () => {
      await tabTo(page, 'New Link');
      await page.keyboard.press('Enter');
      await visible(form('Add New Link'));
      await focusIsOn(page, 'Link', 'focus on the Link field of the new link');
      await tabTo(page, 'Platform');
      // The picker filters as it is typed into; the first match is active, Enter chooses it.
      await page.keyboard.type('GitHub');
      await visible(form('Add New Link').getByRole('option', { name: 'GitHub', exact: true }));
      await page.keyboard.press('Enter');
      await eventually(async () => (await focused(page))?.value, 'GitHub', 'the platform chosen');
      await tabTo(page, 'Username', { back: true });
      await page.keyboard.type('octocat');
      await seeText(page, 'https://github.com/octocat');
      await tabTo(page, 'Title');
      await typeOver(page, 'My GitHub');
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
      await focusIsOn(page, 'Username', 'focus on the handle of the link being edited');
      await tabTo(page, 'Title');
      await typeOver(page, 'My Code');
      await tabTo(page, 'Update Link');
      await page.keyboard.press('Enter');
      await seeText(page, 'Link updated successfully');
      await hidden(form('Edit Link'));
      await visible(list.getByText('My Code', { exact: true }));
      await focusIsOn(page, 'Edit My Code', 'focus back on the Edit button of the link');
    });

    await t.step('Escape leaves a form opened by mistake; focus returns to its Edit button', async () => {
      await page.keyboard.press('Enter');
      await visible(form('Edit Link'));
      await page.keyboard.press('Escape');
      await hidden(form('Edit Link'));
      await focusIsOn(page, 'Edit My Code');
    });

    await t.step('delete it at once; Alt+T reaches the toast, whose Undo brings it back', async () => {
      await tabTo(page, 'Delete My Code');
      await page.keyboard.press('Enter');
      await seeText(page, 'Link deleted successfully');
      await seeText(page, "You don't have any links yet");
      await focusIsOn(page, 'New Link', "focus on 'New Link' once the last row is gone");
      await page.keyboard.press('Alt+T');
      await tabTo(page, 'Undo');
      await page.keyboard.press('Enter');
      await seeText(page, 'Link restored');
      await visible(list.getByText('My Code', { exact: true }));
      await urlPath(page, '/dashboard/links');
    });
  },
};
