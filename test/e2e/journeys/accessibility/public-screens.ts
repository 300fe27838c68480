// axe-core on every screen a visitor meets before signing in, and on a form showing its errors,
// in light and dark mode: no serious or critical violation.
import { axeCollector, heading, type Screen } from '../../harness/a11y.ts';
import { signedInAccount } from '../../harness/api.ts';
import { equal, visible } from '../../harness/expect.ts';
import type { Journey } from '../../harness/journey.ts';

const SCREENS: Screen[] = [
  { label: 'landing', path: '/', ready: heading('Your Digital Identity, Simplified') },
  { label: 'sign-in', path: '/auth/login', ready: heading('Welcome back') },
  { label: 'forgot-password', path: '/auth/forgot-password', ready: heading('Forgot your password?') },
  {
    label: 'verify-otp',
    path: '/auth/verify-otp?email=someone%40example.com',
    ready: heading('Enter verification code'),
  },
  {
    label: 'reset-password',
    path: '/auth/reset-password?email=someone%40example.com&token=a-reset-token',
    ready: heading('Set a new password'),
  },
  { label: '/icons', path: '/icons', ready: heading('Platform Icons') },
  { label: 'Page Not Found', path: '/no/such/page', ready: heading('Page Not Found') },
];

export const publicScreens: Journey = {
  name: 'accessibility, light and dark mode: public and sign-in screens',
  async run(t) {
    const { page, app, browser } = t;
    const axe = axeCollector(t, 'light and dark');
    // The checks follow the system setting; a choice stored by the scheme switch outranks it from
    // the first paint (theme-init.js).
    await t.step('a stored choice outranks the system setting', async () => {
      await page.goto(`${app.baseUrl}/auth/login`);
      for (const [stored, system] of [
        ['dark', 'light'],
        ['light', 'dark'],
      ] as const) {
        await page.evaluate(`localStorage.setItem('theme', '${stored}')`);
        await page.emulateMedia({ colorScheme: system });
        await page.reload();
        await heading('Welcome back')(page);
        const dark = await page.evaluate<boolean>("document.documentElement.classList.contains('dark')");
        equal(dark, stored === 'dark', `the sign-in screen with ${stored} stored and a ${system} system`);
      }
      await page.evaluate("localStorage.removeItem('theme')");
      await page.emulateMedia({ colorScheme: 'light' });
    });
    for (const screen of SCREENS) await axe.screen(screen);

    await axe.screen({ label: 'register', path: '/auth/register', ready: heading('Create your account') });
    await t.step('register, sent empty: every field says what is wrong', async () => {
      await page.getByRole('button', { name: 'Create account' }).click();
      await visible(page.locator('[aria-invalid="true"]'));
      await visible(page.getByText(/^Username must be at least \d+ characters$/));
    });
    await axe.here('register showing validation errors');

    // The card's own error screens: the owner makes one card private, in another browser.
    const owner = await browser.newContext();
    const username = t.unique('shy');
    const { api, account } = await signedInAccount(owner, app, username, 'Shy Person');
    await owner.close();
    await api.updateProfile({ name: account.name, username, bio: '', is_active: '0' });
    await axe.screen({
      label: 'card: Private Profile',
      path: `/p/${username}`,
      ready: heading('Private Profile'),
      rendered: true,
    });
    await axe.screen({
      label: 'card: Profile Not Found',
      path: `/p/nobody-${t.unique('x')}`,
      ready: heading('Profile Not Found'),
      rendered: true,
    });
    await axe.assertNone();
  },
};
