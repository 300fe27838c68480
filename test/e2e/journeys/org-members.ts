// An organisation's members on a phone (docs/product.md, Organisations): the owner makes an
// organisation, invites two people by a CSV file checked first, one claims their work card from
// the invitation mail's link, the owner removes that member (the card shows the moved-on page) and
// hands the card on; the row of five tabs, wider than the phone, shows that it scrolls.
import { accountFor, apiAs, registerAccount, signInBrowser, signedInAccount } from '../harness/api.ts';
import { equal, eventually, seeText, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { tabTo } from '../harness/keys.ts';
import {
  claimPath,
  createOrg,
  inviteByCsv,
  openReassign,
  phoneContext,
  removeMember,
  type WorkCards,
} from '../harness/orgs.ts';

export const orgMembers: Journey = {
  name: 'org members: an organisation made, two invited by CSV, one claims, is removed and the card handed on',
  async run(t) {
    const { page, app, context, browser } = t;
    const owner = await signedInAccount(context, app, t.unique('own'), 'Olive Owner');
    const ann = accountFor(t.unique('ann'), 'Ann Analyst');
    const annSession = await registerAccount(app, ann);
    const ben = `${t.unique('ben')}@example.com`;
    const orgName = `Acme ${t.unique('co')}`;
    let orgId = '';

    await t.step('the owner makes an organisation from Organisations', async () => {
      orgId = await createOrg(page, app, orgName);
    });

    await t.step('a CSV file is checked before anything is sent, then sent', async () => {
      const csv = `email,name,job title\r\n${ann.email},Ann Analyst,Analyst\r\n${ben},Ben Builder,Designer\r\n`;
      const bad = `email,name\r\nnot-an-address,Nobody\r\n${ben},Ben Builder\r\n`;
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await visible(page.getByText(/Rows with a problem: 1/));
      await visible(page.getByText('Line 2'));
      equal(
        await page.getByRole('button', { name: /^Send invitations \(\d+\)$/ }).count(),
        1,
        'only the e-mail form sends',
      );
      await inviteByCsv(page, csv, '2 rows: 2 to invite, 0 already invited or members.', 2);
      const pending = page.getByRole('region', { name: 'Pending invitations' });
      await visible(pending.getByText(ann.email));
      await visible(pending.getByText(ben));
    });

    await t.step('Ann opens the mail’s link, signed in, and lands on her work card', async () => {
      const path = await claimPath(app, ann.email);
      const annContext = await phoneContext(browser, t);
      try {
        await signInBrowser(annContext, app, annSession);
        const annPage = await annContext.newPage();
        await annPage.goto(`${app.baseUrl}${path}`);
        await visible(annPage.getByText('Welcome: the work card is yours'));
        await eventually(() => new URL(annPage.url()).searchParams.get('card') !== null, true, 'the work card in view');
      } finally {
        await annContext.close();
      }
    });

    const cards = () => apiAs(app, owner.session).get<WorkCards>(`/v1/orgs/${orgId}/cards`);
    let username = '';

    await t.step('the owner removes Ann: her card is paused and shows the moved-on page', async () => {
      await page.reload();
      await removeMember(page, ann.email, 'Ann Analyst');
      const paused = (await cards()).data.find((card) => card.state === 'paused');
      equal(Boolean(paused), true, 'a paused work card');
      username = paused!.username;
      const visitor = await browser.newPage();
      try {
        const res = await visitor.goto(`${app.baseUrl}/p/${username}`);
        equal(res?.status(), 410, 'the paused card answers 410');
        await seeText(visitor, /has left/);
      } finally {
        await visitor.close();
      }
    });

    await t.step('the owner hands the paused card to a member who holds none', async () => {
      const { dialog } = await openReassign(page, username);
      await dialog.getByLabel('New holder').selectOption({ label: `Olive Owner (${owner.account.email})` });
      await dialog.getByLabel('Name on the card').fill('Olive at Acme');
      await dialog.getByRole('button', { name: 'Reassign' }).click();
      await visible(page.getByText(`@${username} now belongs to Olive at Acme`));
      equal((await cards()).data.find((card) => card.username === username)?.state, 'held', 'the card is held again');
      const visitor = await browser.newPage();
      try {
        const res = await visitor.goto(`${app.baseUrl}/p/${username}`);
        equal(res?.status(), 200, 'the card is back');
      } finally {
        await visitor.close();
      }
    });

    await t.step(
      'at 390 px the tab row shows it scrolls: a fade at the cut edge; the keyboard brings a tab clear of it',
      async () => {
        const row = page.getByRole('navigation', { name: 'Organisation', exact: true });
        const settings = row.getByRole('link', { name: 'Settings', exact: true });
        const fades = row.locator('xpath=..').locator('[data-fade]');
        // Wholly on screen and under no fade (half a pixel's rounding aside).
        const shown = async (tab: typeof settings) => {
          const [box, at] = [await row.boundingBox(), await tab.boundingBox()];
          if (!box || !at || at.x < box.x - 0.5 || at.x + at.width > box.x + box.width + 0.5) return false;
          for (const fade of await fades.all()) {
            const over = await fade.boundingBox();
            if (over && over.x + 0.5 < at.x + at.width && at.x + 0.5 < over.x + over.width) return false;
          }
          return true;
        };
        await visible(row.locator('xpath=..').locator('[data-fade="end"]'));
        equal(await shown(settings), false, 'the fifth tab starts cut off');
        await row.getByRole('link', { name: 'Members', exact: true }).focus();
        await tabTo(page, 'Settings');
        await eventually(() => shown(settings), true, 'the focused Settings tab clear of the fade');
        await page.keyboard.press('Enter');
        await visible(page.getByRole('heading', { name: 'Audit log' }));
        await eventually(() => shown(settings), true, 'the open Settings tab in view');
        await visible(row.locator('xpath=..').locator('[data-fade="start"]'));
        equal(await row.locator('xpath=..').locator('[data-fade="end"]').count(), 0, 'no fade where no tab is cut');
      },
    );
  },
};
