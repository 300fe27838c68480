// With the keyboard alone (issue 6): sign in, move through the dashboard, add a link, open the
// account menu and log out, never touching the mouse.
import type { Page } from 'playwright-core';
import { accountFor, registerAccount } from '../harness/api.ts';
import { seeText, until, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

/**
 * The accessible name a person hears for the focused element: aria-label, its label, or its text.
 * Read in one step inside the page (this file has no DOM types, hence the string), so a re-render
 * between two reads cannot leave a locator waiting for an element that has lost focus.
 */
const FOCUSED_NAME = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return '';
  const labelled = el.getAttribute('aria-label');
  if (labelled) return labelled.trim();
  if (el.id) {
    const label = document.querySelector('label[for="' + CSS.escape(el.id) + '"]');
    if (label) return (label.textContent || '').trim();
  }
  return (el.textContent || '').trim();
})()`;

async function focusedName(page: Page) {
  return page.evaluate<string>(FOCUSED_NAME);
}

/** Presses Tab until the focused element has this accessible name. */
async function tabTo(page: Page, name: string, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

export const keyboard: Journey = {
  name: 'keyboard only: sign in, add a link, log out',
  async run(t) {
    const { page, app } = t;
    const account = accountFor(t.unique('keys'), 'Kay Board');
    await registerAccount(app, account);

    await t.step('sign in with Tab, typing and Enter', async () => {
      await page.goto(`${app.baseUrl}/auth/login`);
      await tabTo(page, 'Email');
      await page.keyboard.type(account.email);
      await tabTo(page, 'Password');
      await page.keyboard.type(account.password);
      await page.keyboard.press('Enter');
      await urlPath(page, '/dashboard');
    });

    await t.step('reach Manage Links from the navigation', async () => {
      if (t.viewport.mobile) {
        await tabTo(page, 'Open navigation');
        await page.keyboard.press('Enter');
        await visible(page.getByRole('dialog', { name: 'Navigation', exact: true }));
      }
      await tabTo(page, 'Links');
      await page.keyboard.press('Enter');
      await urlPath(page, '/dashboard/links');
      await visible(page.getByRole('heading', { name: 'Manage Links' }));
    });

    await t.step('add a link with the keyboard', async () => {
      await visible(page.getByRole('heading', { name: 'Add New Link' }));
      await tabTo(page, 'Title');
      await page.keyboard.type('My site');
      await tabTo(page, 'URL');
      await page.keyboard.type('https://example.com/kay');
      await tabTo(page, 'Add Link');
      await page.keyboard.press('Enter');
      await seeText(page, 'Link created successfully');
      await visible(page.getByRole('list', { name: 'Your Links' }).getByText('My site'));
    });

    await t.step('log out through the menu and dialog', async () => {
      await tabTo(page, 'Open account menu');
      await page.keyboard.press('Enter');
      await visible(page.getByRole('menu'));
      // The menu puts focus on its first item once open; End then moves to the last, Log out.
      await until(async () => (await focusedName(page)) === 'Profile', 'focus on the first menu item');
      await page.keyboard.press('End');
      await until(async () => (await focusedName(page)) === 'Log out', 'focus on Log out');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Log out', exact: true });
      await visible(dialog);
      await tabTo(page, 'Log out');
      await page.keyboard.press('Enter');
      await urlPath(page, '/auth/login');
    });
  },
};
