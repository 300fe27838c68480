// An organisation's owner on a phone, end to end (docs/product.md, Organisations; docs/decisions/
// 0104 and 0105): the organisation made, a template with a preset and a layout chosen from their
// galleries (each a line with Change, the gallery a dialog), a locked company, a required job
// title, locked links and a set signature layout, two people invited by a CSV file; one claims
// signed in, the other registers from the mail's link; each finds the company locked in Profile,
// and the API refuses the change; the first finds her links and signature layout locked too. A visitor
// shares a contact on a work card; the owner finds it in Contacts and, once the rollups are
// drained, in Analytics; the member is removed (the moved-on page) and the card handed on.
import type { Page } from 'playwright-core';
import { axeCollector } from '../harness/a11y.ts';
import { accountFor, apiAs, registerAccount, signInBrowser, signedInAccount } from '../harness/api.ts';
import { openSection } from '../harness/dashboard.ts';
import { equal, eventually, hidden, seeText, urlPath, visible } from '../harness/expect.ts';
import type { Journey, JourneyContext } from '../harness/journey.ts';
import { focusedName } from '../harness/keys.ts';
import { assertNoHorizontalOverflow } from '../harness/layout.ts';
import {
  addCardLink,
  claimPath,
  createOrg,
  inviteByCsv,
  lockedLinks,
  openOrgTab,
  openReassign,
  phoneContext,
  removeMember,
  updateCardProfile,
  visitorSharesContact,
  type WorkCards,
} from '../harness/orgs.ts';

type Template = {
  data: {
    rules: Record<string, string>;
    locked_values: Record<string, string>;
    theme_id: number | null;
    template_id: number | null;
  };
};
type Catalogue = { data: { id: number; name: string }[] };
type Contacts = { data: { total: number; contacts: { name: string; card: { username: string } }[] } };
type Analytics = {
  data: { cards: { card: { username: string }; views: number; contacts: number; contact_saves: number }[] };
};
type CardList = { data: { cards: { id: string; username: string; org_id: string | null }[] } };

const COMPANY = 'Acme Holdings Ltd';

/** One card's figures as the Analytics tab's phone list shows them, by label. */
const figuresOf = async (page: Page, username: string) => {
  const row = page
    .getByRole('list', { name: 'Per member' })
    .getByRole('listitem')
    .filter({ hasText: `@${username}` });
  const labels = await row.locator('dt').allTextContents();
  const values = await row.locator('dd').allTextContents();
  return Object.fromEntries(labels.map((label, i) => [label, values[i]]));
};

/**
 * A member's Profile on their work card: the company read-only with its lock and "Set by", the
 * job title required; emptying it is refused before anything is sent.
 */
async function lockedProfile(t: JourneyContext, page: Page, orgName: string, jobTitle: string) {
  await openSection({ ...t, page }, 'Profile');
  const company = page.getByLabel('Company', { exact: true });
  await eventually(() => company.inputValue(), COMPANY, 'the locked company');
  // The rules come with the template, read after the card: the lock shows once it is in.
  const lock = page.locator('#profile-company-org');
  await visible(lock.getByText(`Set by ${orgName}`, { exact: true }));
  await visible(lock.locator('svg'));
  equal(await company.getAttribute('readonly'), '', 'the company is read-only');
  const job = page.getByLabel('Job title', { exact: true });
  equal(await job.inputValue(), jobTitle, 'the job title from the file');
  await seeText(page, `Required by ${orgName}`);
  await job.fill('');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await seeText(page, 'Job title is required by your organisation');
  await job.fill(jobTitle);
  await assertNoHorizontalOverflow(page);
}

export const orgTemplate: Journey = {
  name: 'org template: a template locks the company, two invited by CSV claim, a view, a save and a contact counted, the card handed on',
  timeoutMs: 300_000,
  async run(t) {
    const { page, app, context, browser } = t;
    const axe = axeCollector(t, 'light');
    const owner = await signedInAccount(context, app, t.unique('boss'), 'Olive Owner');
    const ann = accountFor(t.unique('ann'), 'Ann Analyst');
    const annSession = await registerAccount(app, ann);
    const ben = accountFor(t.unique('ben'), 'Ben Builder');
    const orgName = `Acme ${t.unique('co')}`;
    const asOwner = apiAs(app, owner.session);
    let orgId = '';

    await t.step('the owner makes an organisation', async () => {
      orgId = await createOrg(page, app, orgName);
    });
    await axe.here("a new organisation's Members tab");

    await t.step("Template: the look and the layout in a line each; Change opens the looks' gallery", async () => {
      await openOrgTab(page, orgId, 'Template');
      await visible(page.getByRole('heading', { name: 'Template', exact: true }));
      const look = page.getByRole('button', { name: 'Change look' });
      await visible(look.locator('..').getByText('Each card keeps its own look', { exact: true }));
      await visible(page.getByRole('button', { name: 'Change layout' }));
      // No tile of either gallery makes the screen long: the rules follow at once.
      await visible(page.getByLabel('Rule for Company'));
      await look.click();
      const gallery = page.getByRole('dialog', { name: 'Choose the look' });
      await visible(gallery.getByRole('button', { name: /Midnight/ }));
      // It opens on the chosen choice.
      await eventually(() => focusedName(page), 'Each card keeps its own look', 'the focus on the chosen look');
      await assertNoHorizontalOverflow(page);
    });
    await axe.here("the Template tab's gallery of looks");

    await t.step(
      'Template: Midnight and Professional chosen, Company locked with its value, Job title required, saved',
      async () => {
        const gallery = page.getByRole('dialog', { name: 'Choose the look' });
        await gallery.getByRole('button', { name: /Midnight/ }).click();
        await hidden(gallery);
        const look = page.getByRole('button', { name: 'Change look' });
        await visible(look.locator('..').getByText('Midnight', { exact: true }));
        await eventually(() => focusedName(page), 'Change look', 'the focus back on Change look');
        await page.getByRole('button', { name: 'Change layout' }).click();
        const layoutGallery = page.getByRole('dialog', { name: 'Choose the layout' });
        await layoutGallery.getByRole('button', { name: /Professional/ }).click();
        await hidden(layoutGallery);
        await visible(
          page.getByRole('button', { name: 'Change layout' }).locator('..').getByText('Professional', { exact: true }),
        );
        await page.getByLabel('Rule for Company').selectOption({ label: 'Locked' });
        await page.getByLabel('Value on every card: Company').fill(COMPANY);
        await page.getByLabel('Rule for Job title').selectOption({ label: 'Required' });
        await page.getByLabel('Rule for Links').selectOption({ label: 'Locked' });
        await page.getByLabel('Signature layout on every card').selectOption({ label: 'Compact: one line' });
        await page.getByRole('button', { name: 'Save template' }).click();
        await seeText(page, 'Template saved; 0 work cards follow it');
        const stored = (await asOwner.get<Template>(`/v1/orgs/${orgId}/template`)).data;
        equal(
          [stored.rules.company, stored.rules.job_title, stored.rules.links],
          ['locked', 'required', 'locked'],
          'the stored rules',
        );
        equal(stored.locked_values.company, COMPANY, 'the stored company');
        const [themes, layouts] = await Promise.all([
          asOwner.get<Catalogue>('/v1/user/themes'),
          asOwner.get<Catalogue>('/v1/user/templates'),
        ]);
        equal(
          [
            themes.data.find((item) => item.id === stored.theme_id)?.name,
            layouts.data.find((item) => item.id === stored.template_id)?.name,
          ],
          ['Midnight', 'Professional'],
          'the stored look and layout',
        );
      },
    );
    await axe.here('the Template tab, saved');

    await t.step('Members: a CSV file of two checked, then sent', async () => {
      await openOrgTab(page, orgId, 'Members');
      const csv = `email,name,job title\r\n${ann.email},Ann Analyst,Analyst\r\n${ben.email},Ben Builder,Designer\r\n`;
      await inviteByCsv(page, csv, '2 rows: 2 to invite, 0 already invited or members.', 2);
      const pending = page.getByRole('region', { name: 'Pending invitations' });
      await visible(pending.getByText(ann.email));
      await visible(pending.getByText(ben.email));
      const cards = (await asOwner.get<WorkCards>(`/v1/orgs/${orgId}/cards`)).data;
      equal(
        cards.map((card) => card.state),
        ['invited', 'invited'],
        'two cards wait for their invitees',
      );
    });
    await axe.here('the Members tab with two invitations');

    await t.step('before anyone claims, Contacts and Analytics are empty', async () => {
      await openOrgTab(page, orgId, 'Contacts');
      await seeText(page, 'No contacts yet');
      await openOrgTab(page, orgId, 'Analytics');
      await visible(page.getByRole('list', { name: 'Per member' }));
    });

    let annCard = { id: '', username: '' };
    await t.step('Ann claims from the mail signed in: the company locked, the API refuses it', async () => {
      const path = await claimPath(app, ann.email);
      const phone = await phoneContext(browser, t);
      try {
        await signInBrowser(phone, app, annSession);
        const annPage = await phone.newPage();
        await annPage.goto(`${app.baseUrl}${path}`);
        await seeText(annPage, /the work card is yours/);
        await eventually(() => new URL(annPage.url()).searchParams.get('card') !== null, true, 'the work card in view');
        const mine = await apiAs(app, annSession).get<CardList>('/v1/cards');
        annCard = mine.data.cards.find((card) => card.org_id === orgId)!;
        equal(new URL(annPage.url()).searchParams.get('card'), annCard.id, 'the work card in view');
        await lockedProfile(t, annPage, orgName, 'Analyst');
        await t.axe.check(annPage, "Ann's Profile on her work card");

        const changed = await updateCardProfile(app, annSession, annCard.id, { company: 'Elsewhere Inc' });
        equal(changed.status, 403, 'a change of the company');
        equal(changed.body.message, 'Company is set by your organisation and cannot be changed', 'its message');
        equal(Object.keys(changed.body.errors ?? {}), ['company'], 'the field named');
        const emptied = await updateCardProfile(app, annSession, annCard.id, { job_title: '' });
        equal(emptied.status, 422, 'the job title emptied');
        equal(Object.keys(emptied.body.errors ?? {}), ['job_title'], 'the field named');
        await lockedLinks(t, annPage, orgName, 'Compact: one line');
        const linked = await addCardLink(app, annSession, annCard.id, { title: 'Mine', url: 'https://mine.example' });
        equal(
          [linked.status, linked.body.message],
          [403, 'Links is set by your organisation and cannot be changed'],
          'a link added',
        );

        // Ann lets visitors of her work card share their contact.
        await openSection({ ...t, page: annPage }, 'Contacts');
        const exchange = annPage.getByRole('switch', { name: 'Let visitors share their contact' });
        await exchange.click();
        await seeText(annPage, "Your card now shows 'Share your contact'");
      } finally {
        await phone.close();
      }
    });

    await t.step('Ben opens the mail signed out, registers with that address and lands on his card', async () => {
      const path = await claimPath(app, ben.email);
      const phone = await phoneContext(browser, t);
      try {
        const benPage = await phone.newPage();
        await benPage.goto(`${app.baseUrl}${path}`);
        await urlPath(benPage, '/auth/login');
        await benPage.getByRole('link', { name: 'Create one', exact: true }).click();
        await urlPath(benPage, '/auth/register');
        await benPage.getByLabel('Full name').fill(ben.name);
        await benPage.getByLabel('Username').fill(ben.username);
        await benPage.getByLabel('Email').fill(ben.email);
        await benPage.getByLabel('Password', { exact: true }).fill(ben.password);
        await benPage.getByRole('button', { name: 'Create account' }).click();
        await seeText(benPage, /the work card is yours/);
        await eventually(() => new URL(benPage.url()).searchParams.get('card') !== null, true, 'the work card in view');
        await lockedProfile(t, benPage, orgName, 'Designer');
      } finally {
        await phone.close();
      }
      // The tab opened again shows the claims made on the phones meanwhile.
      await openOrgTab(page, orgId, 'Members');
      await seeText(page, '2 of 25 seats used');
    });

    await t.step("a visitor opens Ann's card, saves her contact and shares their own", async () => {
      await visitorSharesContact(
        browser,
        t,
        annCard.username,
        { name: 'Vera Visitor', email: 'vera@example.com' },
        async (card) => {
          await seeText(card, `Analyst · ${COMPANY}`);
          const saving = card.waitForEvent('download');
          await card.getByRole('link', { name: 'Save contact', exact: true }).click();
          equal((await saving).suggestedFilename(), `${annCard.username}.vcf`, 'the saved contact');
        },
      );
    });

    await t.step('the owner finds the contact in Contacts, through Ann’s card', async () => {
      await openOrgTab(page, orgId, 'Contacts');
      const list = page.getByRole('list', { name: 'Contacts' });
      await visible(list.getByText('Vera Visitor', { exact: true }));
      await seeText(page, `Through @${annCard.username} · ${ann.email}`);
      const stored = (await asOwner.get<Contacts>(`/v1/orgs/${orgId}/contacts`)).data;
      equal(stored.total, 1, 'one contact');
      equal(stored.contacts[0]?.card.username, annCard.username, 'on her card');
    });
    await axe.here("the organisation's Contacts");

    await t.step('once the rollups are drained, Analytics shows the view, the save and the contact', async () => {
      const counted = async () => {
        await app.flush();
        const row = (await asOwner.get<Analytics>(`/v1/orgs/${orgId}/analytics?range=30`)).data.cards.find(
          (item) => item.card.username === annCard.username,
        );
        return [row?.views, row?.contacts, row?.contact_saves];
      };
      await eventually(counted, [1, 1, 1], "the card's views, contacts and saves in the rollups", 90_000);
      await openOrgTab(page, orgId, 'Analytics');
      await eventually(
        async () => {
          const figures = await figuresOf(page, annCard.username);
          return [figures.Views, figures.Contacts, figures.Saves];
        },
        ['1', '1', '1'],
        "Ann's card in Analytics",
      );
    });
    await axe.here("the organisation's Analytics");

    await t.step('the owner removes Ann: the card shows the moved-on page', async () => {
      await openOrgTab(page, orgId, 'Members');
      await removeMember(page, ann.email, ann.name);
      const cards = (await asOwner.get<WorkCards>(`/v1/orgs/${orgId}/cards`)).data;
      equal(cards.find((card) => card.username === annCard.username)?.state, 'paused', 'her card is paused');
      const visitor = await phoneContext(browser, t);
      try {
        const card = await visitor.newPage();
        const res = await card.goto(`${app.baseUrl}/p/${annCard.username}`);
        equal(res?.status(), 410, 'the paused card answers 410');
        await seeText(card, new RegExp(`has left ${orgName}`));
      } finally {
        await visitor.close();
      }
    });

    await t.step('the card is handed to the one member who holds none: the owner', async () => {
      const { dialog, offered } = await openReassign(page, annCard.username);
      equal(offered, [`Olive Owner (${owner.account.email})`], 'only a member without a work card is offered');
      await axe.here('the Reassign dialog');
      await dialog.getByLabel('New holder').selectOption({ label: offered[0]! });
      await dialog.getByLabel('Name on the card').fill('Olive at Acme');
      await dialog.getByRole('button', { name: 'Reassign' }).click();
      await seeText(page, `@${annCard.username} now belongs to Olive at Acme`);
      const cards = (await asOwner.get<WorkCards>(`/v1/orgs/${orgId}/cards`)).data;
      equal(cards.find((card) => card.username === annCard.username)?.state, 'held', 'the card is held again');
      const visitor = await phoneContext(browser, t);
      try {
        const card = await visitor.newPage();
        const res = await card.goto(`${app.baseUrl}/p/${annCard.username}`);
        equal(res?.status(), 200, 'the card is back under the same username');
        await visible(card.getByRole('heading', { name: 'Olive at Acme' }));
      } finally {
        await visitor.close();
      }
      // The contact stayed with the card.
      await openOrgTab(page, orgId, 'Contacts');
      await seeText(page, `Through @${annCard.username} · ${owner.account.email}`);
    });
    await axe.assertNone();
  },
};
