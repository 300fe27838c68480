// The dashboard's language is a setting of the account (docs/product.md §8). Chosen in Settings, it is saved
// with the account, the dashboard reloads in it, and it outlasts signing out: the sign-in page and
// the dashboard after signing in again speak it too. Once the page is Spanish, the journey finds
// things by their Spanish names or by what they are (ids, the form's submit), never by English.
import type { Page } from 'playwright-core';
import { TOKEN_DELIVERY_HEADER } from '../../../shared/session-cookies.ts';
import { accountFor, apiAs, registerAccount } from '../harness/api.ts';
import { openSection, signInWithForm } from '../harness/dashboard.ts';
import { equal, eventually, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

const languageOf = (page: Page) => page.getAttribute('html', 'lang');

export const languageSetting: Journey = {
  name: 'languages: Español chosen in Settings stays across sign-out',
  async run(t) {
    const { page, app } = t;
    const account = accountFor(t.unique('idioma'), 'Lucía Pérez');
    const session = await registerAccount(app, account);

    await t.step('sign in and open Settings, in English', async () => {
      await signInWithForm(page, app.baseUrl, account.email, account.password);
      equal(await languageOf(page), 'en', 'the dashboard before the choice');
      await openSection(t, 'Settings');
      await visible(page.getByRole('combobox', { name: 'Language' }));
    });

    await t.step('Language → Español: the dashboard reloads in Spanish', async () => {
      const select = page.getByRole('combobox', { name: 'Language' });
      equal(await select.inputValue(), 'en', "the account's language");
      await visible(
        page.getByText(
          'The dashboard and the emails we send you use it. Each card has its own language, set on the Profile screen.',
        ),
      );
      await select.selectOption({ label: 'Español' });
      await eventually(() => languageOf(page), 'es', "the page's language");
      await urlPath(page, '/dashboard/settings');
      await visible(page.getByRole('heading', { name: 'Ajustes', level: 1 }));
      // The dashboard's frame speaks it too, not only the screen.
      await visible(page.getByRole('button', { name: 'Abrir navegación' }));
      const spanish = page.getByRole('combobox', { name: 'Idioma' });
      await visible(spanish);
      equal(await spanish.inputValue(), 'es', 'the setting after the reload');
      await visible(page.getByRole('heading', { name: 'Contraseña' }));
      const { data } = await apiAs(app, session).get<{ data: { language: string; account_language: string } }>(
        '/v1/user/profile',
      );
      equal(data.account_language, 'es', 'the language stored with the account');
      equal(data.language, 'en', "the card's language, unchanged");
    });

    await t.step("the card keeps its own language: English-speaking visitors read 'Save contact'", async () => {
      const card = await page.context().newPage();
      await card.goto(`${app.baseUrl}/p/${account.username}`);
      equal(await languageOf(card), 'en', "the card's language");
      await visible(card.getByRole('link', { name: 'Save contact' }));
      await card.close();
    });

    await t.step('sign out: the sign-in page is in Spanish', async () => {
      // The request the log-out dialog sends (its words belong to the shell, not to this journey).
      const status = await page.evaluate(async (delivery) => {
        const res = await fetch('/v1/auth/logout', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', [delivery]: 'cookie' },
          body: JSON.stringify({ all_devices: false }),
        });
        return res.status;
      }, TOKEN_DELIVERY_HEADER);
      equal(status, 200, 'the log-out answer');
      await page.goto(`${app.baseUrl}/dashboard/settings`);
      await urlPath(page, '/auth/login');
      equal(await languageOf(page), 'es', "the sign-in page's language");
      const languages = page.getByRole('navigation', { name: 'Idiomas' });
      await visible(languages);
      equal(
        await languages.getByRole('link', { name: 'Español' }).getAttribute('aria-current'),
        'true',
        'the chosen one',
      );
    });

    await t.step('sign in again: Spanish', async () => {
      await page.locator('#email').fill(account.email);
      await page.locator('#password').fill(account.password);
      await page.locator('form button[type="submit"]').click();
      await urlPath(page, '/dashboard');
      equal(await languageOf(page), 'es', 'the dashboard after signing in again');
      await page.goto(`${app.baseUrl}/dashboard/settings`);
      await visible(page.getByRole('heading', { name: 'Ajustes', level: 1 }));
      equal(await page.getByRole('combobox', { name: 'Idioma' }).inputValue(), 'es', 'the setting');
    });
  },
};
