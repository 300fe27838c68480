// With REQUIRE_ACTIVATION on: registering says the account is pending, signing in opens
// 'Account Activation Required', and after the operator command activates it signing in works.
import { accountFor } from '../harness/api.ts';
import { signInWithForm } from '../harness/dashboard.ts';
import { equal, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

export const activation: Journey = {
  name: 'account activation required',
  activation: true,
  async run(t) {
    const { page } = t;
    const app = t.activationApp;
    if (!app) throw new Error('The REQUIRE_ACTIVATION instance is not running');
    const account = accountFor(t.unique('pending'), 'Grace Hopper');

    await t.step('register: the pending message, still on the form', async () => {
      await page.goto(`${app.baseUrl}/auth/register`);
      await page.getByLabel('Full name').fill(account.name);
      await page.getByLabel('Username').fill(account.username);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'pending activation' }));
      await urlPath(page, '/auth/register');
    });

    await t.step("sign in: 'Account Activation Required'", async () => {
      await page.getByRole('link', { name: 'Sign in instead' }).click();
      await urlPath(page, '/auth/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Account Activation Required', exact: true });
      await visible(dialog.getByText(/pending activation/).first());
      await visible(dialog.getByText('Contact us for activation:'));
      // The operator's contacts, set at run time (the instance's SUPPORT_* vars, scripts/e2e.ts).
      equal(
        await dialog.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'),
        'https://wa.me/31612345678',
        'the WhatsApp contact',
      );
      equal(
        await dialog.getByRole('link', { name: 'Email support' }).getAttribute('href'),
        'mailto:help@cardlink.test',
        'the e-mail contact',
      );
      equal(await page.getByText(/is pending activation/).count(), 1, 'the sentence is said once, in the dialog');
      await visible(dialog.getByText('Our team will guide you through the activation process.'));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await urlPath(page, '/auth/login');
    });

    await t.step('the operator activates the account', async () => {
      const output = app.admin('activate', account.email);
      equal(output.toLowerCase().includes(account.email), true, `the admin command names the account (${output})`);
    });

    await t.step('sign in works', async () => {
      await signInWithForm(page, app.baseUrl, account.email, account.password);
    });
  },
};
