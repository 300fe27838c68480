// A passkey, added in Security and then used to sign in in place of the password and the second
// factor, with Chromium's virtual authenticator (DevTools protocol WebAuthn domain) standing in for
// the phone's. WebAuthn needs a host name, so this journey uses localhost rather than 127.0.0.1.
import { registerAccount, accountFor } from '../harness/api.ts';
import { logOutThroughDialog, openSection } from '../harness/dashboard.ts';
import { equal, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

export const passkey: Journey = {
  name: 'passkey added in Security, then signs in',
  async run(t) {
    const { page, app, context } = t;
    const base = app.baseUrl.replace('127.0.0.1', 'localhost');
    const account = accountFor(t.unique('ada'));
    await registerAccount(app, account);

    await t.step('a virtual authenticator with user verification', async () => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
    });

    await t.step('sign in with the password and open Security', async () => {
      await page.goto(`${base}/auth/login`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await urlPath(page, '/dashboard');
      await openSection(t, 'Security');
      await visible(page.getByText('You have no passkeys yet.'));
    });

    await t.step('add a passkey: name, password, the device prompt', async () => {
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
      await dialog.getByLabel('Passkey name (optional)').fill('Test phone');
      await dialog.getByLabel('Current password', { exact: true }).fill(account.password);
      await dialog.getByRole('button', { name: 'Add passkey' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await visible(page.getByRole('list', { name: 'Passkeys' }).getByText('Test phone'));
    });

    await t.step('sign out, then sign in with the passkey alone', async () => {
      await logOutThroughDialog(page);
      const answer = page.waitForResponse((res) => res.url().endsWith('/v1/auth/passkey/verify'));
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      equal((await answer).status(), 200, 'the passkey sign-in');
      await urlPath(page, '/dashboard');
      await visible(page.getByRole('heading', { name: /^Welcome(?: back)?, Ada!$/ }));
    });

    await t.step("sign out, then the passkey from the e-mail field's suggestions", async () => {
      await logOutThroughDialog(page);
      // A fresh load of the prerendered page asks for no challenge until the field is used.
      const options: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/v1/auth/passkey/options')) options.push(new URL(request.url()).search);
      });
      await page.goto(`${base}/auth/login`);
      await page.waitForLoadState('networkidle');
      equal(options.length, 0, 'challenges asked for on load');
      const answer = page.waitForResponse((res) => res.url().endsWith('/v1/auth/passkey/verify'));
      await page.getByLabel('Email').click();
      equal((await answer).status(), 200, 'the passkey sign-in from the suggestions');
      equal(options.join(' '), '?mediation=conditional', 'challenges asked for (one, for the suggestions)');
      await urlPath(page, '/dashboard');
    });
  },
};
