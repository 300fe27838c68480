// Contact exchange: the owner turns it on in Contacts; a visitor in a browser of
// their own, once with JavaScript off and once with it on (saving the owner's contact first, then
// 'Share your details back'), shares their contact through the card's form; the owner is mailed,
// sees both in Contacts, searches, and downloads the CSV. axe checks the
// owner's and the visitor's screens in light and dark mode.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { axeCollector, axeInSchemes } from '../harness/a11y.ts';
import { clientAddress, latestMail, signedInAccount } from '../harness/api.ts';
import { openSection } from '../harness/dashboard.ts';
import { equal, eventually, seeText, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { smallTargets } from '../harness/layout.ts';
import type { Server } from '../harness/server.ts';

type Visitor = { name: string; email: string; company: string; javaScript: boolean };

/** A visitor opens the card, follows 'Share your contact', fills the form in and sends it. */
async function shareContact(
  browser: Browser,
  app: Server,
  username: string,
  visitor: Visitor,
  check?: (page: Page, label: string) => Promise<void>,
) {
  const context = await browser.newContext({
    javaScriptEnabled: visitor.javaScript,
    extraHTTPHeaders: { 'CF-Connecting-IP': clientAddress() },
  });
  try {
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/p/${username}`);
    if (visitor.javaScript) {
      // Two-way exchange: saving the owner's contact offers the way back.
      const saving = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Save contact', exact: true }).click();
      equal((await saving).suggestedFilename(), `${username}.vcf`, 'the saved contact');
      const offer = page.getByRole('status').filter({ hasText: "Ada's contact is saved" });
      await visible(offer);
      await offer.getByRole('link', { name: 'Share your details back', exact: true }).click();
    } else await page.getByRole('link', { name: 'Share your contact', exact: true }).click();
    await visible(page.getByRole('heading', { name: /^Share your contact with / }));
    if (check) {
      await check(page, 'the contact form');
      // Sent empty (the browser's own check turned off): the server's answer, with its messages.
      await page.evaluate("document.querySelector('form').noValidate = true");
      await page.getByRole('button', { name: 'Share my contact', exact: true }).click();
      await seeText(page, 'Please correct the highlighted fields.');
      await seeText(page, 'Please enter your name');
      await seeText(page, 'Add an email or a phone so Ada can reply');
      await seeText(page, "Please tick the 'I agree' box to share these details");
      await check(page, 'the contact form with its errors');
    }
    await page.getByLabel('Name').fill(visitor.name);
    // The pair's one hint, and why the box is there, in words on the page.
    await seeText(page, 'An email or a phone: one of the two is enough.');
    await seeText(page, 'Required: Ada receives your details only if you tick this box.');
    await page.getByLabel(/^Email/).fill(visitor.email);
    await page.getByLabel('Company (optional)').fill(visitor.company);
    await page.getByLabel('Note (optional)').fill('Nice to meet you at the fair.');
    await page.getByRole('checkbox', { name: /will receive these details/ }).check();
    await page.getByRole('button', { name: 'Share my contact', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Thank you!', exact: true }));
    await seeText(page, /has received your contact\.$/);
    if (check) await check(page, 'the thank-you page');
  } finally {
    await context.close();
  }
}

export const contactExchange: Journey = {
  name: 'contact exchange: visitors share, with and without JavaScript; the owner sees and downloads',
  timeoutMs: 120_000,
  async run(t) {
    const { page, app, browser, context } = t;
    const username = t.unique('exchange');
    const { account } = await signedInAccount(context, app, username, 'Ada Lovelace');
    const axe = axeCollector(t, 'light and dark');
    const visitorProblems: string[] = [];

    await t.step("the owner opens Contacts and turns on 'Let visitors share their contact'", async () => {
      await page.goto(`${app.baseUrl}/dashboard`);
      await openSection(t, 'Contacts');
      await visible(page.getByRole('heading', { name: 'Contacts', exact: true }));
      const exchange = page.getByRole('switch', { name: 'Let visitors share their contact' });
      equal(await exchange.getAttribute('aria-checked'), 'false', 'contact exchange is off by default');
      // A thumb lands a little above the 24px track: the switch's tap area is 44px tall.
      await exchange.click({ position: { x: 22, y: -8 }, timeout: 5_000 });
      await seeText(page, "Your card now shows 'Share your contact'");
      await eventually(() => exchange.getAttribute('aria-checked'), 'true', 'the switch');
    });
    await axe.here('contacts, none yet');

    await t.step('a visitor with JavaScript off shares their contact through the plain form', () =>
      shareContact(browser, app, username, {
        name: 'Grace Hopper',
        // As long as a work address gets: it must not squeeze the row's Delete button.
        email: 'grace.brewster.murray.hopper@navy-computing-laboratory.example.com',
        company: 'Navy',
        javaScript: false,
      }),
    );
    await t.step('a visitor with JavaScript on does the same', () =>
      shareContact(
        browser,
        app,
        username,
        { name: 'Alan Turing', email: 'alan@example.com', company: 'Bletchley Park', javaScript: true },
        async (visitorPage, label) => {
          visitorProblems.push(...(await axeInSchemes(visitorPage, `${label} (visitor)`, 'light and dark', true)));
        },
      ),
    );

    await t.step("the owner's e-mail about the new contact is in the outbox", async () => {
      const mail = await latestMail(app, account.email);
      equal(mail?.subject, 'New contact on your card: Alan Turing', 'the newest mail');
    });

    await t.step('the owner sees both contacts, newest first, and finds one by search', async () => {
      await page.reload();
      const list = page.getByRole('list', { name: 'Contacts' });
      await visible(list.getByText('Alan Turing', { exact: true }));
      equal(
        await list.locator('li > div > p:first-child').allTextContents(),
        ['Alan Turing', 'Grace Hopper'],
        'the contacts in the list',
      );
      // A long address once squeezed the Delete button to its 16px icon: each keeps a whole tap target.
      const deleteButtons = list.getByRole('button', { name: /^Delete / });
      equal(await smallTargets(deleteButtons, 40), [], 'the Delete buttons narrower than 40px');
      await page.getByRole('searchbox', { name: 'Search contacts' }).fill('navy');
      await eventually(
        () => list.locator('li > div > p:first-child').allTextContents(),
        ['Grace Hopper'],
        'the contacts matching navy',
      );
      await page.getByRole('searchbox', { name: 'Search contacts' }).fill('');
    });
    await axe.here('contacts with data');

    await t.step('Download CSV saves a file with both contacts', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV', exact: true }).click(),
      ]);
      equal(download.suggestedFilename(), 'contacts.csv', 'the file name');
      const text = await readFile((await download.path()) ?? '', 'utf8');
      const lines = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      equal(lines[0], 'Name,Email,Phone,Company,Note,Shared at', 'the header row');
      equal(
        lines.slice(1).map((line) => line.split(',').slice(0, 2).join(',')),
        [
          'Grace Hopper,grace.brewster.murray.hopper@navy-computing-laboratory.example.com',
          'Alan Turing,alan@example.com',
        ],
        'the rows',
      );
    });
    await t.step("the visitor's pages have no serious or critical axe violation", async () => {
      if (visitorProblems.length > 0) throw new Error(visitorProblems.join('\n'));
    });
    await axe.assertNone();
  },
};
