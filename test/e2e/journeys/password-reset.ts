// Forgot password: request the code, read it from the development outbox, enter it in the six
// boxes, set a new password and sign in with it. A wrong code first shows the server's message.
// On the phone the wrong code is pasted and the right one typed; on the desktop the other way.
import type { Page } from 'playwright-core';
import { accountFor, latestMail, registerAccount } from '../harness/api.ts';
import { withClipboard } from '../harness/clipboard.ts';
import { signInWithForm } from '../harness/dashboard.ts';
import { equal, eventually, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

const digitBox = (page: Page, index: number) => page.getByRole('textbox', { name: `Digit ${index} of 6` });

/** A real paste: the text goes on the clipboard, then Ctrl+V in the first box. */
async function paste(page: Page, text: string) {
  await withClipboard(async () => {
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
    await digitBox(page, 1).click();
    await page.keyboard.press('ControlOrMeta+V');
  });
}

async function type(page: Page, text: string) {
  await digitBox(page, 1).click();
  await page.keyboard.type(text, { delay: 20 });
}

const boxValues = (page: Page) =>
  Promise.all([1, 2, 3, 4, 5, 6].map((index) => digitBox(page, index).inputValue())).then((values) => values.join(''));

export const passwordReset: Journey = {
  name: 'forgot password with the emailed code',
  async run(t) {
    const { page, app } = t;
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const [enterWrong, enterRight] = t.viewport.mobile ? [paste, type] : [type, paste];
    const account = accountFor(t.unique('reset'));
    await registerAccount(app, account);
    const newPassword = 'N3w-Passw0rd!'.replace('-', '@');

    await t.step('request a code from the sign-in screen', async () => {
      await page.goto(`${app.baseUrl}/auth/login`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await urlPath(page, '/auth/forgot-password');
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Send code' }).click();
      await visible(page.getByRole('heading', { name: 'Check your inbox', exact: true }));
      await visible(page.getByText('Password reset instructions sent to your email'));
    });

    const code = await t.step('read the code from the development outbox', async () => {
      let found: string | null = null;
      await eventually(
        async () => {
          found = (await latestMail(app, account.email))?.code ?? null;
          return typeof found === 'string' && /^\d{6}$/.test(found);
        },
        true,
        'a six-digit code in the outbox',
      );
      return found as unknown as string;
    });

    await t.step('a wrong code shows the server message', async () => {
      await page.getByRole('link', { name: 'Enter the code' }).click();
      await urlPath(page, '/auth/verify-otp');
      equal(new URL(page.url()).searchParams.get('email'), account.email, 'the email in the verify link');
      await visible(page.getByText(/Resend code in \d:\d\d/));
      const wrong = code.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
      await enterWrong(page, wrong);
      await eventually(() => boxValues(page), wrong, 'the six boxes holding the wrong code');
      const answer = page.waitForResponse((res) => res.url().endsWith('/v1/auth/verify-otp'));
      await page.getByRole('button', { name: 'Verify code' }).click();
      const response = await answer;
      equal(response.status() >= 400, true, 'a wrong code is refused');
      const { message } = (await response.json()) as { message: string };
      equal(message, 'Invalid or expired verification code', "the server's message");
      await visible(page.getByRole('alert').filter({ hasText: message }));
      await urlPath(page, '/auth/verify-otp');
    });

    await t.step(`${t.viewport.mobile ? 'type' : 'paste'} the right code into the six boxes`, async () => {
      await enterRight(page, code);
      await eventually(() => boxValues(page), code, 'the six boxes holding the code');
      await page.getByRole('button', { name: 'Verify code' }).click();
      await urlPath(page, '/auth/reset-password');
      const params = new URL(page.url()).searchParams;
      equal(params.get('email'), account.email, 'the email passed on');
      equal(Boolean(params.get('token')), true, 'a reset token is passed on');
    });

    await t.step('set a new password', async () => {
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await visible(page.getByRole('heading', { name: 'Password reset complete', exact: true }));
    });

    await t.step('sign in with the new password', async () => {
      await page.getByRole('link', { name: 'Sign in' }).click();
      await urlPath(page, '/auth/login');
      await signInWithForm(page, app.baseUrl, account.email, newPassword);
    });
  },
};
