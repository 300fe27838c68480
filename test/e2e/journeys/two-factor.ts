// Two-factor sign-in with an authenticator app, as a person does it: open Security, turn the factor
// on (password, QR code or key, first code), keep the recovery codes, sign out, and sign back in
// with the password and then a code. axe checks every new screen on the way, in light and in dark
// mode. The account is made through the API (the newcomer journey signs up through the form).
import { totpCode } from '../../../worker/lib/totp.ts';
import { axeCollector } from '../harness/a11y.ts';
import { registerAccount, signInBrowser } from '../harness/api.ts';
import { logOutThroughDialog, openSection } from '../harness/dashboard.ts';
import { equal, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

const PASSWORD = 'quiet-harbour-77';

export const twoFactor: Journey = {
  name: 'two-factor sign-in with an authenticator app, axe in light and dark mode',
  timeoutMs: 240_000,
  async run(t) {
    const { page, app, context } = t;
    const axe = axeCollector(t, 'light and dark');
    const username = t.unique('grace');
    const email = `${username}@example.com`;
    const session = await registerAccount(app, { name: 'Grace Hopper', username, email, password: PASSWORD });
    await signInBrowser(context, app, session);

    await t.step('the dashboard, signed in', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await visible(page.getByRole('heading', { name: 'Welcome, Grace!', exact: true }));
    });

    await t.step('open Security from the navigation', async () => {
      await openSection(t, 'Security');
      await visible(page.getByRole('heading', { name: 'Security', exact: true }));
      await visible(page.getByRole('heading', { name: "Where you're signed in", exact: true }));
      await visible(page.getByText('This device', { exact: true }));
    });
    await axe.here('Security, two-factor off');

    await t.step('set up the authenticator app: confirm the password', async () => {
      await page.getByRole('button', { name: 'Set up authenticator app' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set up authenticator app' });
      await visible(dialog);
      await dialog.getByLabel('Current password', { exact: true }).fill('not-my-password');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await visible(dialog.getByText('Your current password is incorrect'));
      await dialog.getByLabel('Current password', { exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await visible(page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg'));
    });
    await axe.here('Security, authenticator set-up with QR code');

    const secret = await t.step('turn it on with the first code', async () => {
      const key = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
      equal(/^[A-Z2-7]{32}$/.test(key), true, 'the key shown for typing');
      // A phone cannot scan its own screen: the key opens in the authenticator app by its link.
      const open = await page.getByRole('link', { name: 'Open in authenticator app' }).getAttribute('href');
      equal(open?.startsWith('otpauth://totp/'), true, 'an otpauth:// link');
      equal(new URL(open!).searchParams.get('secret'), key, 'the link holds the key shown');
      await page.getByLabel('Code from the app').fill(totpCode(key));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await visible(page.getByRole('heading', { name: 'Save your recovery codes' }));
      const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
      equal(codes.length, 10, 'recovery codes shown');
      return key;
    });
    await axe.here('Security, recovery codes');

    await t.step('the codes are shown once; the factor is on', async () => {
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await visible(page.getByText('10 of 10 recovery codes left.'));
      await visible(page.getByText('On', { exact: true }));
    });

    await t.step('sign out', async () => {
      await logOutThroughDialog(page);
    });

    await t.step('sign in: the password, then the second factor', async () => {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await visible(page.getByRole('heading', { name: 'Two-factor sign-in', exact: true }));
      await urlPath(page, '/auth/login');
    });
    await axe.here('sign-in, second factor');

    await t.step('a wrong code is refused, a generated one signs in', async () => {
      const code = page.getByLabel('Authentication code');
      const right = totpCode(secret, Date.now() + 30_000);
      await code.fill(right === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'Invalid or expired verification code' }));
      await code.fill(right);
      await page.getByRole('button', { name: 'Verify' }).click();
      await urlPath(page, '/dashboard');
      await visible(page.getByRole('heading', { name: /^Welcome(?: back)?, Grace!$/ }));
    });
    await axe.assertNone();
  },
};
