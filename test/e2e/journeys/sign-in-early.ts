// The sign-in screens are on screen before the app (README, Decisions: the sign-in screens): a
// visitor on a slow line types and sends the form before the app's script has arrived, and the
// app takes over with what was typed, then sends it; a signed-in visitor goes on to the dashboard.
import { accountFor, registerAccount, signInBrowser } from '../harness/api.ts';
import { equal, until, urlPath, visible } from '../harness/expect.ts';
import type { Page } from 'playwright-core';
import type { Journey } from '../harness/journey.ts';

/**
 * Holds the app's own script back, as a slow line would, until the journey lets it through: the
 * form is typed into and sent while the app is certainly not there, with no guess at how long.
 */
async function holdApp(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The page kept a form sent before the app, for the app to send (web/src/auth-boot.ts). */
const submitKept = (page: Page) => page.evaluate<boolean>("document.documentElement.dataset.pendingSubmit === 'true'");

const appLoaded = (page: Page) => page.evaluate<boolean>("document.documentElement.dataset.hydrated === 'true'");

/** The app has loaded: it has taken over, or waits for a press on the page to end first. */
const appReady = (page: Page) =>
  page.evaluate<boolean>(
    "['hydrated', 'handOverWaiting'].some((flag) => document.documentElement.dataset[flag] === 'true')",
  );

export const signInEarly: Journey = {
  name: 'sign-in screens: typed into and sent before the app has loaded',
  async run(t) {
    const { page, app, context } = t;
    const account = accountFor(t.unique('early'), 'Eve Early');
    const session = await registerAccount(app, account);

    const letAppThrough = await holdApp(page);
    await t.step('the sign-in screen is there without the app', async () => {
      await page.goto(`${app.baseUrl}/auth/login`);
      await visible(page.getByRole('heading', { name: 'Welcome back', exact: true }));
      equal(await appLoaded(page), false, 'the app loaded with the page');
      // The passkey button and passkey autofill are there before any interaction (docs/product.md §2, Sign in).
      await visible(page.getByRole('button', { name: 'Sign in with a passkey' }));
      equal(await page.getByLabel('Email').getAttribute('autocomplete'), 'username webauthn', 'the e-mail field');
      equal(await appLoaded(page), false, 'the app loaded on looking');
    });

    await t.step('e-mail and password typed and sent at once: signed in', async () => {
      await page.getByLabel('Email').click();
      await page.keyboard.type(account.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(account.password);
      equal(await appLoaded(page), false, 'the app was there before the form was sent');
      await page.keyboard.press('Enter');
      // Never sent the browser's way: the password stays out of the address; kept for the app.
      await until(() => submitKept(page), 'the form kept for the app');
      equal(new URL(page.url()).search, '', 'the address after sending');
      equal(await appLoaded(page), false, 'the app was there before it was let through');
      letAppThrough();
      await urlPath(page, '/dashboard');
      await visible(page.getByRole('heading', { name: 'Welcome, Eve!', exact: true }));
    });

    await t.step('registration keeps what was typed and shows what is missing', async () => {
      const other = await context.browser()!.newContext({ viewport: page.viewportSize()! });
      const fresh = await other.newPage();
      const letThrough = await holdApp(fresh);
      await fresh.goto(`${app.baseUrl}/auth/register`);
      await fresh.getByLabel('Full name', { exact: true }).click();
      await fresh.keyboard.type('Ada');
      await fresh.getByRole('button', { name: 'Create account' }).click();
      await until(() => submitKept(fresh), 'the form kept for the app');
      equal(await appLoaded(fresh), false, 'the app was there before it was let through');
      letThrough();
      await until(() => appLoaded(fresh), 'the app took over');
      await visible(fresh.getByText('Please enter a valid email address', { exact: true }));
      equal(await fresh.getByLabel('Full name', { exact: true }).inputValue(), 'Ada', 'the name typed before the app');
      equal(
        await fresh.getByLabel('Username', { exact: true }).inputValue(),
        'ada',
        'the username made from that name',
      );
      await other.close();
    });

    await t.step('"Sign in" pressed before the app and released after it took over: signed in', async () => {
      // A tap whose finger goes down on the page drawn at build time and up on the app's copy of
      // the button: the browser sends no click for a press that ends on another element.
      const other = await context.browser()!.newContext({ viewport: page.viewportSize()! });
      const fresh = await other.newPage();
      const letThrough = await holdApp(fresh);
      await fresh.goto(`${app.baseUrl}/auth/login`);
      await fresh.getByLabel('Email').click();
      await fresh.keyboard.type(account.email);
      await fresh.keyboard.press('Tab');
      await fresh.keyboard.type(account.password);
      const button = await fresh.getByRole('button', { name: 'Sign in', exact: true }).boundingBox();
      if (!button) throw new Error('no Sign in button on screen');
      await fresh.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
      await fresh.mouse.down();
      letThrough();
      // The app is let through while the button is held: it is ready to take over (or has).
      await until(() => appReady(fresh), 'the app ready to take over');
      await fresh.mouse.up();
      await urlPath(fresh, '/dashboard');
      await visible(fresh.getByRole('heading', { name: 'Welcome, Eve!', exact: true }));
      await other.close();
    });

    await t.step('a signed-in visitor is sent on to the dashboard', async () => {
      await signInBrowser(context, app, session);
      await page.goto(`${app.baseUrl}/auth/login`);
      await urlPath(page, '/dashboard');
    });
  },
};
