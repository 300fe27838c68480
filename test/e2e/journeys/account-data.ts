// A cardholder takes their data and leaves: 'Your data' downloads one zip with the card in it,
// then 'Delete my account' asks a last time (a wrong password first), signs them out and goes home
// without a blank frame, and the card answers 404.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { axeCollector } from '../harness/a11y.ts';
import { addLinks, signedInAccount } from '../harness/api.ts';
import { openSection } from '../harness/dashboard.ts';
import { equal, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

export const accountData: Journey = {
  name: 'a cardholder exports their data and deletes their account',
  async run(t) {
    const { page, app, context, outDir } = t;
    const axe = axeCollector(t, 'light');
    const username = t.unique('leaver');
    const { account, api } = await signedInAccount(context, app, username, 'Lee Leaver');
    await addLinks(api, [{ title: 'Website', url: 'https://example.com/lee' }]);

    await t.step('open Your data from the navigation', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await openSection(t, 'Your data');
      await visible(page.getByRole('heading', { name: 'Export your data', exact: true }));
    });
    await axe.here('your data');

    await t.step('Download my data saves a zip holding the card', async () => {
      const saving = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download my data' }).click();
      const file = await saving;
      equal(/^cardlink-export-\d{4}-\d\d-\d\d\.zip$/.test(file.suggestedFilename()), true, 'the file name');
      const saved = join(outDir, `${t.viewport.name}-${username}-export.zip`);
      await file.saveAs(saved);
      const files = unzipSync(new Uint8Array(readFileSync(saved)));
      equal(JSON.parse(strFromU8(files['profile.json']!)).username, username, 'profile.json');
      equal(JSON.parse(strFromU8(files['links.json']!))[0].title, 'Website', 'links.json');
      equal('statistics/daily.csv' in files && 'card.vcf' in files, true, 'statistics and vCard');
      equal('contacts.csv' in files && 'contacts.vcf' in files, true, 'the contacts visitors left');
    });

    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await t.step('Delete my account asks a last time, naming the card that goes', async () => {
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await visible(dialog.getByText(`@${username}`));
    });
    await axe.here('the last question before deleting the account');

    await t.step('a wrong password is refused and nothing is deleted', async () => {
      await dialog.getByLabel('Current password', { exact: true }).fill('not-my-password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await visible(dialog.getByText('Your current password is incorrect'));
    });
    await axe.here('delete account showing its error');

    await t.step('the right password deletes the account and goes home, never through a blank page', async () => {
      await dialog.getByLabel('Current password', { exact: true }).fill(account.password);
      // Each frame until home is drawn holds a screen, a heading at least: before, the dashboard
      // went and only the toast was left on a blank page while the landing page's code arrived.
      await page.evaluate(`(() => {
        const seen = (window.emptyFrames = []);
        const tick = () => {
          const drawn = document.querySelector('#root h1');
          if (!drawn) seen.push(performance.now());
          if (location.pathname !== '/' || !drawn) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      })()`);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await urlPath(page, '/');
      await visible(page.getByText('Your account has been deleted.'));
      const empty = await page.evaluate<number>('window.emptyFrames.length');
      equal(empty, 0, 'frames with nothing drawn between the dashboard and home');
    });

    await t.step('the card answers 404 at once', async () => {
      const res = await page.goto(`${app.baseUrl}/p/${username}`);
      equal(res?.status(), 404, 'the card status');
      await visible(page.getByRole('heading', { name: 'Profile Not Found', exact: true }));
    });
    await axe.assertNone();
  },
};
