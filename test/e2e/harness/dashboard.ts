// Moving around the dashboard the way a person does on each screen size.
import type { Page } from 'playwright-core';
import type { JourneyContext } from './journey.ts';
import { urlPath, visible } from './expect.ts';

export const SECTIONS = {
  Dashboard: '/dashboard',
  Profile: '/dashboard/profile',
  Links: '/dashboard/links',
  Themes: '/dashboard/themes',
  Templates: '/dashboard/templates',
  Statistics: '/dashboard/stats',
} as const;
export type Section = keyof typeof SECTIONS;

/** Opens a section from the sidebar (desktop) or the slide-in sheet (phone). */
export async function openSection(t: JourneyContext, section: Section) {
  const { page } = t;
  if (t.viewport.mobile) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigation', exact: true });
    await sheet.getByRole('link', { name: section, exact: true }).click();
    // Spec section 2: the sheet closes on every route change.
    await sheet.waitFor({ state: 'hidden' });
  } else {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: section, exact: true }).click();
  }
  await urlPath(page, SECTIONS[section]);
}

/** Signs in through the form; answers once the dashboard shows. */
export async function signInWithForm(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
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
