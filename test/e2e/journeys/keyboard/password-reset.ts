// Forgot password with the keyboard alone: the request, the code typed into the six
// boxes (focus moving on by itself), the new password, and signing in with it.
import { accountFor, latestMail, registerAccount } from '../../harness/api.ts';
import { eventually, seeText, urlPath, visible } from '../../harness/expect.ts';
import type { Journey } from '../../harness/journey.ts';
import { focusIsOn, tabTo } from '../../harness/keys.ts';

export const keyboardPasswordReset: Journey = {
  name: 'keyboard only: forgot password, code, new password, sign in',
  async run(t) {
    const { page, app } = t;
    const account = accountFor(t.unique('keyreset'));
    await registerAccount(app, account);
    const newPassword = 'K3yboard@only';
    const heading = (name: string) => visible(page.getByRole('heading', { name, exact: true }));

    await t.step('request a code from the sign-in screen', async () => {
      await page.goto(`${app.baseUrl}/auth/login`);
      await heading('Welcome back');
      await tabTo(page, 'Forgot password?');
      await page.keyboard.press('Enter');
      await urlPath(page, '/auth/forgot-password');
      await heading('Forgot your password?');
      await tabTo(page, 'Email');
      await page.keyboard.type(account.email);
      await page.keyboard.press('Enter');
      await heading('Check your inbox');
    });

    const code = await t.step('read the code from the development outbox', async () => {
      let found = '';
      await eventually(
        async () => {
          found = (await latestMail(app, account.email))?.code ?? '';
          return /^\d{6}$/.test(found);
        },
        true,
        'a six-digit code in the outbox',
      );
      return found;
    });

    await t.step('type the code into the six boxes, Verify code', async () => {
      await tabTo(page, 'Enter the code');
      await page.keyboard.press('Enter');
      await urlPath(page, '/auth/verify-otp');
      await heading('Enter verification code');
      await focusIsOn(page, 'Digit 1 of 6', 'the first box focused on arrival');
      await page.keyboard.type(code);
      await focusIsOn(page, 'Digit 6 of 6', 'focus moved on box by box');
      await tabTo(page, 'Verify code');
      await page.keyboard.press('Enter');
      await urlPath(page, '/auth/reset-password');
    });

    await t.step('type the new password twice, Reset password', async () => {
      await heading('Set a new password');
      await tabTo(page, 'New password');
      await page.keyboard.type(newPassword);
      await tabTo(page, 'Confirm password');
      await page.keyboard.type(newPassword);
      await page.keyboard.press('Enter');
      await heading('Password reset complete');
    });

    await t.step('sign in with the new password', async () => {
      await tabTo(page, 'Sign in');
      await page.keyboard.press('Enter');
      await urlPath(page, '/auth/login');
      await heading('Welcome back');
      await tabTo(page, 'Email');
      await page.keyboard.type(account.email);
      await tabTo(page, 'Password');
      await page.keyboard.type(newPassword);
      await page.keyboard.press('Enter');
      await urlPath(page, '/dashboard');
      await seeText(page, /^Welcome(?: back)?, Ada!$/);
    });
  },
};
