// Several cards in one account (docs/decisions/0091-cards-apart-from-accounts.md), on a phone: a
// second card made by copying the first, given its own language and a link of its own, both
// public cards as a visitor sees them, switching in the header, and deleting the second card.
import { axeCollector } from '../harness/a11y.ts';
import { signedInAccount } from '../harness/api.ts';
import { equal, hidden, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

/** The header's card switcher: its name is what it shows (the initials without a photo), then the username. */
const switcher = (username: string) => new RegExp(`@${username}: switch card$`);

export const severalCards: Journey = {
  name: 'several cards: a copy with its own language and link, switched and deleted',
  async run(t) {
    const { page, app, context } = t;
    const axe = axeCollector(t, 'light');
    const username = t.unique('dual');
    const work = `${username}-work`;
    const { api } = await signedInAccount(context, app, username, 'Dana Dual');
    await api.post('/v1/user/links', { title: 'Personal site', url: 'https://dana.example.com/' });
    let workId = '';

    await t.step('New card in the header: a copy of the first, its username checked as typed', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await page.getByRole('button', { name: switcher(username) }).click();
      await page.getByRole('menuitem', { name: /New card/ }).click();
      const dialog = page.getByRole('dialog', { name: 'New card' });
      await dialog.getByLabel('Username').fill(username);
      await visible(dialog.getByText(`@${username} is taken`, { exact: true }));
      await dialog.getByLabel('Username').fill(work);
      await visible(dialog.getByText(`@${work} is free`, { exact: true }));
      await dialog.getByLabel('Start from').selectOption({ label: `A copy of @${username}` });
      await axe.here("'New card', a free username");
      await dialog.getByRole('button', { name: 'Create card' }).click();
      await visible(page.getByText(`Card @${work} created`, { exact: true }));
      await urlPath(page, '/dashboard/profile');
      workId = new URL(page.url()).searchParams.get('card') ?? '';
      equal(workId.length > 0, true, 'the new card named in the address');
      await visible(page.getByRole('button', { name: switcher(work) }));
    });

    await t.step('the second card speaks Spanish and has a link of its own; the first keeps its own', async () => {
      const language = page.getByLabel('Card language');
      await visible(language);
      await language.selectOption({ label: 'Español' });
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await visible(page.getByText('Profile updated successfully', { exact: true }));
      await api.post(`/v1/cards/${workId}/links`, { title: 'Work portfolio', url: 'https://work.example.com/' });
      // The dashboard stays English: the card's language is the card's.
      equal(await page.getAttribute('html', 'lang'), 'en', "the dashboard's language");
    });

    await t.step('a visitor opens both cards: each with its own links and language', async () => {
      const card = await context.newPage();
      await card.goto(`${app.baseUrl}/p/${work}`);
      await visible(card.getByRole('link', { name: /Work portfolio/ }));
      await visible(card.getByRole('link', { name: /Personal site/ }));
      await visible(card.getByRole('link', { name: 'Guardar contacto' }));
      await card.goto(`${app.baseUrl}/p/${username}`);
      await visible(card.getByRole('link', { name: /Personal site/ }));
      await hidden(card.getByRole('link', { name: /Work portfolio/ }));
      await visible(card.getByRole('link', { name: 'Save contact' }));
      await card.close();
    });

    await t.step('switching in the header shows the first card again, on the same screen', async () => {
      await page.getByRole('button', { name: switcher(work) }).click();
      await page.getByRole('menuitemradio', { name: new RegExp(`@${username}\\b(?!-)`) }).click();
      await visible(page.getByRole('button', { name: switcher(username) }));
      await urlPath(page, '/dashboard/profile');
      equal(await page.getByLabel('Card language').inputValue(), 'en', "the first card's language");
    });

    await t.step('the overview lists both cards; the second is deleted once its username is typed', async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      const list = page.getByRole('list', { name: 'Your cards' });
      await visible(list.getByText(`@${work}`, { exact: true }));
      await axe.here("the overview's two cards");
      await page.getByRole('button', { name: switcher(username) }).click();
      await visible(page.getByRole('menu', { name: 'Your cards' }));
      await axe.here("the card switcher's menu");
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: `Delete card @${work}` }).click();
      const dialog = page.getByRole('dialog', { name: `Delete @${work}?` });
      const confirm = dialog.getByRole('button', { name: 'Delete card' });
      equal(await confirm.isDisabled(), true, 'Delete before the username is typed');
      await dialog.getByLabel(`Type ${work} to confirm`).fill(work);
      await confirm.click();
      await visible(page.getByText(`Card @${work} deleted`, { exact: true }));
      await hidden(list.getByText(`@${work}`, { exact: true }));
      const gone = await page.request.get(`${app.baseUrl}/p/${work}`);
      equal(gone.status(), 404, 'the deleted card\u2019s page');
    });
    await axe.assertNone();
  },
};
