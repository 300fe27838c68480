// An owner whose account speaks Arabic (docs/product.md §8). Signed in on a browser that speaks English, the
// dashboard follows the account (it keeps the language and reloads), is right to left
// (<html lang="ar" dir="rtl">), its frame in Arabic, the navigation sheet sliding in from the
// right; no screen scrolls sideways on a phone and axe finds nothing serious; the card is right
// to left too.
import { join } from 'node:path';
import { axeCollector } from '../harness/a11y.ts';
import { signedInAccount } from '../harness/api.ts';
import { equal, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { assertNoHorizontalOverflow } from '../harness/layout.ts';

const SCREENS = ['/dashboard', '/dashboard/profile', '/dashboard/links', '/dashboard/stats', '/dashboard/settings'];

export const arabicDashboard: Journey = {
  name: 'languages: the Arabic dashboard on a phone follows the account, is right to left, with no sideways scroll and no serious axe finding',
  async run(t) {
    const { page, app } = t;
    const axe = axeCollector(t, 'light');
    const username = t.unique('sami');
    const { api, account } = await signedInAccount(page.context(), app, username, 'سامي خوري');
    await t.step('the account and its card speak Arabic; the browser does not know it yet', async () => {
      await api.put('/v1/user/language', { language: 'ar' });
      await api.updateProfile({ name: account.name, username, language: 'ar' });
    });

    await t.step('the dashboard follows the account: Arabic, right to left', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await page.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached', timeout: 15_000 });
      equal(await page.getAttribute('html', 'lang'), 'ar', 'the language');
      await visible(page.getByRole('button', { name: 'فتح قائمة التنقل' }));
      const cookies = await page.context().cookies();
      equal(cookies.find((cookie) => cookie.name === 'cl_lang')?.value, 'ar', 'the language kept for this browser');
    });

    await t.step('the navigation sheet opens from the right, in Arabic', async () => {
      await page.getByRole('button', { name: 'فتح قائمة التنقل' }).click();
      const sheet = page.getByRole('dialog', { name: 'التنقل' });
      await visible(sheet);
      await visible(sheet.getByRole('link', { name: 'الملف الشخصي' }));
      const box = await sheet.boundingBox();
      if (!box || box.x + box.width < t.viewport.width - 2)
        throw new Error(`the sheet ends at ${box ? box.x + box.width : '?'}, not at the right edge`);
      await page.screenshot({ path: join(t.outDir, 'arabic-navigation.png') });
    });
    await axe.here('the Arabic navigation sheet', true);
    await page.keyboard.press('Escape');

    for (const path of SCREENS) {
      await t.step(`${path} is right to left, with no sideways scroll`, async () => {
        await page.goto(`${app.baseUrl}${path}`);
        equal(await page.getAttribute('html', 'dir'), 'rtl', `${path} direction`);
        // The header drawn in Arabic: its card switcher, named '…: تبديل البطاقة' (switch card).
        await visible(page.getByRole('button', { name: /: تبديل البطاقة$/ }));
        await assertNoHorizontalOverflow(page);
        if (path === '/dashboard/links') {
          // An empty field that takes its direction from its text starts at the right, as the page,
          // its placeholder too; typed Latin text then runs left to right.
          await page.getByRole('button', { name: 'رابط جديد', exact: true }).click();
          const title = page.locator('#link-title');
          await visible(title);
          const direction = () =>
            page.evaluate<string>("getComputedStyle(document.getElementById('link-title')).direction");
          equal(await direction(), 'rtl', 'the empty Title field');
          await title.fill('My site');
          equal(await direction(), 'ltr', 'the Title field with Latin text');
          await title.fill('');
        }
        await page.screenshot({ path: join(t.outDir, `arabic${path.replaceAll('/', '-')}.png`), fullPage: true });
      });
      await axe.here(`the Arabic ${path}`, true);
    }

    await t.step('the card is right to left too', async () => {
      await page.goto(`${app.baseUrl}/p/${username}`);
      equal(await page.getAttribute('html', 'dir'), 'rtl', 'the card direction');
      await assertNoHorizontalOverflow(page);
    });
    await axe.assertNone();
  },
};
