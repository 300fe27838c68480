// A visitor whose browser speaks Spanish (locale es-ES) gets the sign-in screen in
// Spanish from the Worker (the prerendered page of that language), and the app that takes it over
// on the first focus draws the same Spanish screen. The footer's language links switch it, and the
// choice outlives a reload; without the app, ?lang= does the same through the Worker.
import type { Page } from 'playwright-core';
import { equal, until, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { assertNoHorizontalOverflow, smallTargets } from '../harness/layout.ts';

const appLoaded = (page: Page) => page.evaluate<boolean>("document.documentElement.dataset.hydrated === 'true'");
const language = (page: Page) => page.getAttribute('html', 'lang');
const chosen = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'cl_lang')?.value ?? null;

export const spanishSignIn: Journey = {
  name: 'languages: the Spanish sign-in page is Spanish before and after the app takes over, and the footer switches it',
  async run(t) {
    const { browser, app } = t;
    const context = await browser.newContext({
      locale: 'es-ES',
      viewport: { width: t.viewport.width, height: t.viewport.height },
      isMobile: t.viewport.mobile,
      hasTouch: t.viewport.mobile,
    });
    const page = await context.newPage();

    await t.step('the Worker serves the Spanish page to a Spanish browser', async () => {
      const answer = await page.goto(`${app.baseUrl}/auth/login`);
      equal(answer?.headers()['content-language'], 'es', 'the answer’s language');
      equal(await language(page), 'es', '<html lang>');
      equal(await page.title(), 'Cardlink — Tu identidad digital, más sencilla', 'the title');
      await visible(page.getByRole('heading', { name: 'Hola de nuevo', exact: true }));
      await visible(page.getByRole('link', { name: 'Crea una', exact: true }));
      equal(await appLoaded(page), false, 'the app loaded with the page');
      await assertNoHorizontalOverflow(page);
    });

    await t.step('the app takes over on the first focus and draws the same Spanish screen', async () => {
      await page.getByLabel('Correo electrónico', { exact: true }).focus();
      await until(() => appLoaded(page), 'the app took over');
      await visible(page.getByRole('heading', { name: 'Hola de nuevo', exact: true }));
      equal(await language(page), 'es', '<html lang> after the app');
      await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
      await visible(page.getByText('Introduce una dirección de correo electrónico válida', { exact: true }));
      await visible(page.getByText('La contraseña debe tener al menos 6 caracteres', { exact: true }));
    });

    await t.step('Deutsch in the footer: German, and still German after a reload', async () => {
      const footer = page.getByRole('navigation', { name: 'Idiomas' });
      // A row of six names a thumb can hit: each was its 20px of text.
      equal(await smallTargets(footer.getByRole('link'), 40), [], 'the language links smaller than 40px');
      // The form's own links reach past their 20px line (their padding taken back by the margin).
      const forgot = page.getByRole('link', { name: '¿Olvidaste tu contraseña?' });
      equal((await forgot.boundingBox())?.height, 36, "the height of 'forgot password'");
      await footer.getByRole('link', { name: 'Deutsch' }).click();
      await visible(page.getByRole('heading', { name: 'Willkommen zurück', exact: true }));
      equal(await language(page), 'de', '<html lang> after the switch');
      equal(await chosen(page), 'de', 'the language kept for the browser');
      await page.reload();
      await visible(page.getByRole('heading', { name: 'Willkommen zurück', exact: true }));
      equal(await language(page), 'de', '<html lang> after a reload');
      // The app, taking over the German page, speaks German too.
      await page.getByLabel('E-Mail', { exact: true }).focus();
      await until(() => appLoaded(page), 'the app took over');
      await visible(page.getByRole('heading', { name: 'Willkommen zurück', exact: true }));
      await assertNoHorizontalOverflow(page);
    });

    await t.step('without the app, ?lang= switches through the Worker; the landing page follows', async () => {
      const answer = await page.goto(`${app.baseUrl}/auth/register?lang=fr`);
      equal(new URL(page.url()).search, '', 'the address after the switch');
      equal(answer?.headers()['content-language'], 'fr', 'the answer’s language');
      await visible(page.getByRole('heading', { name: 'Créez votre compte', exact: true }));
      equal(await chosen(page), 'fr', 'the language kept for the browser');
      await page.goto(`${app.baseUrl}/`);
      equal(await language(page), 'fr', 'the landing page’s language');
      await visible(page.getByRole('heading', { level: 1, name: 'Votre identité numérique, en toute simplicité' }));
      await assertNoHorizontalOverflow(page);
    });
    await context.close();
  },
};
