// The app's own font (Inter, self-hosted) on every screen from the first one, never switched
// mid-session: the shell declares and preloads it (vite.config.ts, themeFonts).
import type { Page } from 'playwright-core';
import { signedInAccount } from '../harness/api.ts';
import { equal, until, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

/** The family the body is drawn in, and whether an Inter face has loaded in this document. */
const FONT_OF = `document.fonts.ready.then(() => ({
  family: getComputedStyle(document.body).fontFamily,
  loaded: [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Inter' && face.status === 'loaded'),
}))`;
const fontOf = (page: Page) => page.evaluate<{ family: string; loaded: boolean }>(FONT_OF);

async function drawnInInter(page: Page, label: string) {
  await until(async () => (await fontOf(page)).loaded, `${label}: an Inter face loaded`);
  const { family } = await fontOf(page);
  equal(family.replace(/"/g, '').startsWith('Inter'), true, `${label}: the body's font is Inter (${family})`);
}

export const appFont: Journey = {
  name: 'the app draws every screen in its own font',
  async run(t) {
    const { page, app, context } = t;
    await t.step('the first screens a newcomer meets', async () => {
      for (const [path, heading] of [
        ['/', 'Your Digital Identity, Simplified'],
        ['/auth/login', 'Welcome back'],
        ['/auth/register', 'Create your account'],
      ] as const) {
        await page.goto(`${app.baseUrl}${path}`);
        await visible(page.getByRole('heading', { name: heading, exact: true }));
        await drawnInInter(page, path);
      }
    });

    await signedInAccount(context, app, t.unique('fonts'));
    await t.step('the dashboard, loaded straight into a screen that is not Themes', async () => {
      for (const path of [
        '/dashboard',
        '/dashboard/profile',
        '/dashboard/links',
        '/dashboard/templates',
        '/dashboard/stats',
        '/dashboard/share',
        '/dashboard/contacts',
        '/dashboard/settings',
        '/dashboard/security',
        '/dashboard/data',
      ]) {
        await page.goto(`${app.baseUrl}${path}`);
        await visible(page.getByRole('button', { name: /open account menu/i }));
        await drawnInInter(page, path);
      }
    });
  },
};
