// axe-core with something open over the screen: a form showing its errors, the delete-link and
// logout dialogs, the account and colour-scheme menus, the phone's navigation sheet (or the
// collapsed sidebar on the desktop), the photo's crop dialog, the save bar, the preview (phone)
// and the leave question, the first-run checklist, and Statistics still empty; light and dark mode,
// each on the same open overlay.
import { axeCollector, heading } from '../../harness/a11y.ts';
import { chooseSection } from '../../harness/dashboard.ts';
import { addLinks, signedInAccount } from '../../harness/api.ts';
import { equal, eventually, hidden, visible } from '../../harness/expect.ts';
import { noisePng } from '../../harness/images.ts';
import type { Journey } from '../../harness/journey.ts';
import { smallTargets } from '../../harness/layout.ts';
import { fieldUnderToast } from '../../harness/toast-cover.ts';

export const overlays: Journey = {
  name: 'accessibility, light and dark mode: dialogs, menus and errors',
  async run(t) {
    const { page, app, context } = t;
    const axe = axeCollector(t, 'light and dark');
    const { api, session } = await signedInAccount(context, app, t.unique('olive'), 'Olive Overlay');
    const photo = new FormData();
    photo.append('avatar', new Blob([new Uint8Array(noisePng(240, 240, 3))], { type: 'image/png' }), 'olive.png');
    const uploaded = await fetch(`${app.baseUrl}/v1/user/profile/avatar`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}` },
      body: photo,
    });
    equal(uploaded.status, 200, 'the avatar upload');
    await addLinks(api, [{ title: 'Website', url: 'https://example.com/olive' }]);

    await axe.screen({ label: 'links', path: '/dashboard/links', ready: heading('Manage Links') });
    const linkForm = page.getByRole('region', { name: 'Add New Link' });
    await t.step('the link form, in place beside the preview, sent empty shows its error', async () => {
      await page.getByRole('button', { name: 'New Link', exact: true }).click();
      await visible(linkForm.getByLabel('Link', { exact: true }));
      await page.getByRole('button', { name: 'Add Link' }).click();
      await visible(page.getByText('Username or identifier is required', { exact: true }));
    });
    await axe.here('link form showing its validation error');
    await t.step('the platform picker opens its list', async () => {
      await linkForm.getByRole('combobox', { name: 'Platform' }).click();
      await visible(linkForm.getByRole('listbox', { name: 'Platforms' }));
    });
    await axe.here('platform picker open');
    // Toasts are checked at rest: the pointer over them holds their time (Sonner, and the Undo
    // toast's own), so none starts fading while axe reads its colours.
    const toasts = page.locator('[data-sonner-toast]');
    await t.step("Escape closes the list, then the form, which says 'Adding cancelled'", async () => {
      await page.keyboard.press('Escape');
      await hidden(linkForm.getByRole('listbox', { name: 'Platforms' }));
      await visible(linkForm);
      await page.keyboard.press('Escape');
      await hidden(linkForm);
      await toasts.getByText('Adding cancelled', { exact: true }).hover();
    });
    await axe.here("the 'Adding cancelled' toast, held");

    await t.step('a link deleted at once offers Undo in its toast', async () => {
      await page.getByRole('button', { name: 'Delete Website' }).click();
      await visible(page.getByRole('button', { name: 'Undo', exact: true }));
      await toasts.getByText('Link deleted successfully', { exact: true }).hover();
    });
    await axe.here('the Undo toast, held');
    await t.step('Undo brings the link back', async () => {
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await visible(page.getByRole('list', { name: 'Your Links' }).getByText('Website', { exact: true }));
      // 'Link restored' and the form's 'cancelled' fade out first: axe judges the menus below, not
      // a toast caught half-transparent on its way out. The pointer holds them while it is over
      // their list, and the Undo button it pressed is gone from under it, so leaving from there
      // may tell the list nothing: it rests on a toast that is still there, then leaves.
      await toasts.getByText('Link restored', { exact: true }).hover();
      await page.mouse.move(1, 1);
      await hidden(page.locator('[data-sonner-toast]'));
    });

    const menu = page.getByRole('menu');
    await t.step('the account menu opens', async () => {
      await page.getByRole('button', { name: 'Open account menu' }).click();
      await visible(menu.getByText('My Account'));
    });
    await axe.here('account menu');
    const logoutDialog = page.getByRole('dialog', { name: 'Log out', exact: true });
    await t.step('Log out opens its confirmation', async () => {
      await menu.getByRole('menuitem', { name: 'Log out' }).click();
      await visible(logoutDialog.getByText('Are you sure you want to log out of your account?'));
      // The corner's close button, the same on every dialog: a target a thumb hits (it was 24px).
      const close = logoutDialog.getByRole('button', { name: 'Close', exact: true });
      await visible(close);
      equal(await smallTargets(close, 40), [], 'the close button smaller than 40px');
    });
    await axe.here('logout dialog');
    await t.step('Cancel keeps the session', async () => {
      await logoutDialog.getByRole('button', { name: 'Cancel' }).click();
      await hidden(logoutDialog);
    });

    // On a phone the colour scheme is in the navigation sheet: the header's room goes to the card.
    const sheet = page.getByRole('dialog', { name: 'Navigation', exact: true });
    if (t.viewport.mobile)
      await t.step('the navigation sheet opens', async () => {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await visible(sheet.getByRole('link', { name: 'Statistics', exact: true }));
      });
    await t.step('the colour-scheme menu opens', async () => {
      await page.getByRole('button', { name: /^Theme: / }).click();
      await visible(menu.getByRole('menuitemradio', { name: 'Dark' }));
    });
    await axe.here(t.viewport.mobile ? 'colour-scheme menu in the navigation sheet' : 'colour-scheme menu');
    await t.step('Escape closes it', async () => {
      await page.keyboard.press('Escape');
      await hidden(menu);
    });

    if (t.viewport.mobile) {
      await axe.here('navigation sheet');
      await t.step('Escape closes the sheet', async () => {
        await page.keyboard.press('Escape');
        await hidden(sheet);
      });
    } else {
      await t.step('the sidebar collapses to its icons: 16rem wide, then 5rem', async () => {
        const sidebar = page.locator('aside').filter({ has: page.getByRole('navigation', { name: 'Dashboard' }) });
        const width = async () => (await sidebar.boundingBox())?.width;
        await eventually(width, 256, 'the sidebar 16rem wide');
        await page.getByRole('button', { name: 'Collapse sidebar' }).click();
        await visible(page.getByRole('button', { name: 'Expand sidebar' }));
        await eventually(width, 80, 'the collapsed sidebar 5rem wide');
      });
      await axe.here('collapsed sidebar');
    }

    await axe.screen({ label: 'profile', path: '/dashboard/profile', ready: heading('Profile Settings') });
    const crop = page.getByRole('dialog', { name: 'Adjust profile photo', exact: true });
    await t.step("'Adjust' opens the crop dialog", async () => {
      await page.getByRole('button', { name: 'Adjust', exact: true }).click();
      await visible(crop.locator('img[src^="data:image/webp"]'));
    });
    await axe.here('crop dialog');
    await t.step('Escape closes it', async () => {
      await page.keyboard.press('Escape');
      await hidden(crop);
    });

    if (t.viewport.mobile)
      await t.step('a tap on a toast’s text closes it and reaches the field it covered', async () => {
        await page.getByLabel('Bio', { exact: true }).fill('Sailor');
        await page.getByRole('button', { name: 'Save Profile' }).click();
        const saved = toasts.filter({ hasText: 'Profile updated successfully' });
        await visible(saved);
        // Measured once the toast is at rest, and checked with the browser's own hit test: the
        // toast's height and the form's change with the texts on the page (the port in its URLs).
        const under = await fieldUnderToast(
          page,
          'Profile updated successfully',
          '#main input[id]:not([type=file]):not([type=checkbox]), #main textarea[id]',
        );
        if (!under) throw new Error('no field can lie under the toast');
        // Nothing keeps the focus from before (the Bio typed in), so only the tap can give it.
        await page.evaluate('document.activeElement?.blur()');
        await page.touchscreen.tap(under.x, under.y);
        await hidden(saved);
        equal(
          await page.evaluate<string | undefined>('document.activeElement?.id'),
          under.id,
          'the field under the toast has the focus',
        );
      });
    await t.step('an unsaved name brings up the save bar', async () => {
      await page.getByLabel('Name', { exact: true }).fill('Olive Oyl');
      await visible(page.getByRole('button', { name: 'Discard', exact: true }));
    });
    await axe.here('save bar');
    if (t.viewport.mobile) {
      const preview = page.getByRole('dialog', { name: 'Preview', exact: true });
      await t.step("'Preview' opens the card full-screen", async () => {
        await page.getByRole('button', { name: 'Preview', exact: true }).click();
        await visible(preview.getByText('Olive Oyl', { exact: true }));
      });
      await axe.here('preview dialog');
      await t.step('Escape closes it', async () => {
        await page.keyboard.press('Escape');
        await hidden(preview);
      });
    }
    const leave = page.getByRole('dialog', { name: 'Leave without saving?', exact: true });
    await t.step('leaving with the unsaved name asks first', async () => {
      await chooseSection(t, 'Links');
      await visible(leave);
    });
    await axe.here('leave dialog');
    await t.step("'Leave' drops the edit", async () => {
      await leave.getByRole('button', { name: 'Leave', exact: true }).click();
      await hidden(leave);
    });

    await axe.screen({
      label: 'dashboard with the first-run checklist',
      path: '/dashboard',
      ready: async () => {
        await visible(page.getByText('2 of 5 done', { exact: true }));
      },
    });

    await axe.screen({
      label: 'statistics, empty',
      path: '/dashboard/stats',
      ready: heading('No Statistics Available'),
    });
    await axe.assertNone();
  },
};
