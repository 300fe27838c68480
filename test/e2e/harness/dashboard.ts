// Moving around the dashboard the way a person does on each screen size.
import type { Page } from 'playwright-core';
import type { JourneyContext } from './journey.ts';
import { hidden, urlPath, visible } from './expect.ts';
import { focusIsOn, tabTo } from './keys.ts';

export const SECTIONS = {
  Dashboard: '/dashboard',
  Profile: '/dashboard/profile',
  Links: '/dashboard/links',
  Themes: '/dashboard/themes',
  Templates: '/dashboard/templates',
  Statistics: '/dashboard/stats',
  Share: '/dashboard/share',
  Contacts: '/dashboard/contacts',
  Settings: '/dashboard/settings',
  Security: '/dashboard/security',
  'Your data': '/dashboard/data',
} as const;
export type Section = keyof typeof SECTIONS;

/**
 * Chooses a section in the sidebar (desktop) or the slide-in sheet (phone), without waiting for
 * it: a screen with unsaved edits may ask first.
 */
export async function chooseSection(t: JourneyContext, section: Section) {
  const { page } = t;
  if (t.viewport.mobile) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page
      .getByRole('dialog', { name: 'Navigation', exact: true })
      .getByRole('link', { name: section, exact: true })
      .click();
  } else {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: section, exact: true }).click();
  }
}

/** Opens a section from the sidebar (desktop) or the slide-in sheet (phone). */
export async function openSection(t: JourneyContext, section: Section) {
  await chooseSection(t, section);
  if (t.viewport.mobile) {
    // docs/product.md §2: the sheet closes on every route change.
    await t.page.getByRole('dialog', { name: 'Navigation', exact: true }).waitFor({ state: 'hidden' });
  }
  await urlPath(t.page, SECTIONS[section]);
}

/**
 * The same with the keyboard alone: on the phone Shift+Tab back to 'Open navigation', Enter, Tab to
 * the section in the sheet and Enter (the sheet closes and focus goes back to its button); on the
 * desktop Shift+Tab back to the sidebar's link and Enter.
 */
export async function openSectionByKeys(t: JourneyContext, section: Section) {
  const { page } = t;
  if (t.viewport.mobile) {
    await tabTo(page, 'Open navigation', { back: true });
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Navigation', exact: true });
    await visible(sheet);
    await tabTo(page, section);
    await page.keyboard.press('Enter');
    await hidden(sheet);
    await focusIsOn(page, 'Open navigation', 'focus back on the button that opened the sheet');
  } else {
    await tabTo(page, section, { back: true });
    await page.keyboard.press('Enter');
  }
  await urlPath(page, SECTIONS[section]);
}

/** Signs in through the form; answers once the dashboard shows. */
export async function signInWithForm(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await urlPath(page, '/dashboard');
}

/** 'My Account' menu, then 'Log out', then the dialog's confirmation. */
export async function logOutThroughDialog(page: Page) {
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await visible(page.getByRole('menu').getByText('My Account'));
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out', exact: true });
  await visible(dialog.getByText('Are you sure you want to log out of your account?'));
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await urlPath(page, '/auth/login');
}

/** The number a StatCard shows under its label (the overview and Statistics). */
export const statValue = (page: Page, label: string) =>
  page
    .getByText(label, { exact: true })
    .first()
    .locator('xpath=following-sibling::p[1]')
    .textContent()
    .then((text) => text?.trim());
