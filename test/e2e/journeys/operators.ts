// Operating the service from the console (REQUIRE_ACTIVATION instance): an operator, made one by
// `npm run admin -- grant-admin` and signed in with a code, activates one sign-up and rejects
// another; visitors report two cards; the operator dismisses one report and takes the other card
// down from its report, deactivates an account, opens the taken-down card (with its banner, as for
// an appeal), pages through more than 100 accounts and reads the audit log as sentences. Each
// destructive action asks to confirm in a dialog and for a reason. axe checks each new screen.
import { totpCode } from '../../../worker/lib/totp.ts';
import { axeCollector, axeViolations } from '../harness/a11y.ts';
import { accountFor, clientAddress } from '../harness/api.ts';
import { signInWithForm } from '../harness/dashboard.ts';
import { equal, hidden, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import { smallTargets } from '../harness/layout.ts';
import {
  call,
  confirmWithReason,
  fileReport,
  operator,
  panel,
  register,
  seedAccounts,
  toastsGone,
} from '../harness/operator.ts';

export const operators: Journey = {
  name: 'an operator activates, rejects, takes a reported card down and deactivates, confirming each',
  activation: true,
  timeoutMs: 300_000,
  async run(t) {
    const { page, browser } = t;
    const app = t.activationApp;
    if (!app) throw new Error('The REQUIRE_ACTIVATION instance is not running');
    const axe = axeCollector(t, 'light');
    const admin = accountFor(t.unique('operator'), 'Olga Operator');
    const owner = accountFor(t.unique('reported'), 'Rex Reported');
    const spammer = accountFor(t.unique('spammer'), 'Sam Spammer');
    const bob = accountFor(t.unique('bob'), 'Bob Builder');
    const many = t.unique('many');
    const secret = await operator(app, admin);
    for (const account of [owner, spammer, bob]) await register(app, account);
    app.admin('activate', bob.email);
    seedAccounts(app, many, 105);
    const row = (text: string) => page.getByRole('listitem').filter({ hasText: text });
    const toast = (text: string | RegExp) => visible(page.getByText(text));

    await t.step('the operator signs in with the password and a code', async () => {
      await page.goto(`${app.baseUrl}/auth/login`);
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
      await page.getByRole('button', { name: 'Verify' }).click();
      await urlPath(page, '/dashboard');
    });

    await t.step('open the console: the sign-ups waiting list both new accounts', async () => {
      if (!t.viewport.mobile) await page.getByRole('link', { name: 'Admin console', exact: true }).click();
      else await page.goto(`${app.baseUrl}/admin`);
      await urlPath(page, '/admin');
      await visible(page.getByRole('heading', { name: 'Sign-ups waiting for activation', exact: true }));
      await visible(page.getByText(owner.email, { exact: true }));
      await visible(page.getByText(spammer.email, { exact: true }));
    });
    await axe.here('admin console, sign-ups waiting');

    await t.step('Activate: the account can sign in and its card is live', async () => {
      await page.getByRole('button', { name: `Activate ${owner.email}`, exact: true }).click();
      await toast('The account is active.');
      equal((await fetch(`${app.baseUrl}/p/${owner.username}`)).status, 200, 'the card status after activation');
    });

    await t.step('Reject asks to confirm and for a reason, then deletes the sign-up', async () => {
      await toastsGone(page);
      await page.getByRole('button', { name: `Reject ${spammer.email}`, exact: true }).click();
      await confirmWithReason(page, {
        title: `Reject the sign-up of ${spammer.email}?`,
        confirm: 'Reject and delete',
        reason: 'Spam sign-up',
        refused: () => axe.here('admin console, reject dialog without a reason'),
      });
      await toast('The sign-up was rejected and deleted.');
      await hidden(page.getByText(spammer.email, { exact: true }));
    });

    await t.step('visitors report two cards, one without JavaScript from its footer', async () => {
      const visitor = await browser.newContext({
        javaScriptEnabled: false,
        extraHTTPHeaders: { 'CF-Connecting-IP': clientAddress() },
      });
      try {
        const reporter = await visitor.newPage();
        await reporter.goto(`${app.baseUrl}/p/${owner.username}`);
        await reporter.getByRole('link', { name: 'Report', exact: true }).click();
        await visible(reporter.getByRole('heading', { name: `Report @${owner.username}`, exact: true }));
        // Each reason a row a thumb can hit on a phone (the radios were 13px, their rows 24px).
        equal(
          await smallTargets(reporter.getByRole('group').locator('label'), 44),
          [],
          'the reasons shorter than 44px',
        );
        // axe needs script, so the form is checked in the accessibility journeys instead.
        await reporter.getByLabel('Impersonation').check();
        await reporter.getByLabel('Note (optional)').fill('Pretends to be my bank');
        await reporter.getByRole('button', { name: 'Send report' }).click();
        await visible(reporter.getByRole('heading', { name: 'Report sent', exact: true }));
      } finally {
        await visitor.close();
      }
      await fileReport(app, bob.username, 'spam', 'I do not like builders');
    });

    await t.step('Dismiss asks to confirm and for a reason; the report keeps its history', async () => {
      await panel(page, 'Reports');
      await row(`@${bob.username}`).getByRole('button', { name: 'Dismiss' }).click();
      await confirmWithReason(page, {
        title: `Dismiss the report on @${bob.username}?`,
        confirm: 'Dismiss report',
        reason: 'Not abuse, a matter of taste',
      });
      await toast('The report is dismissed.');
      await page.getByRole('button', { name: 'Dismissed', exact: true }).click();
      await visible(row(`@${bob.username}`).getByText(/Not abuse, a matter of taste/));
      await page.getByRole('button', { name: 'Open', exact: true }).click();
    });

    await t.step('Take down, from the report: confirm, with the reason its owner will see', async () => {
      const report = row(`@${owner.username}`);
      await visible(report.getByText('Pretends to be my bank'));
      await toastsGone(page);
      await report.getByRole('button', { name: `Take card down: @${owner.username}`, exact: true }).click();
      await confirmWithReason(page, {
        title: `Take down @${owner.username}'s card?`,
        confirm: 'Take card down',
        reason: 'Impersonates a bank',
        refused: () => axe.here('admin console, takedown dialog without a reason'),
      });
      await toast(/The card is taken down/);
      equal((await fetch(`${app.baseUrl}/p/${owner.username}`)).status, 404, 'the card status after the takedown');
    });

    await t.step('Deactivate asks to confirm and for a reason', async () => {
      await panel(page, 'Accounts');
      await page.getByLabel('Search by email or username').fill(bob.email);
      const account = row(bob.email);
      await visible(account.getByText(/^Signed up .* · Two-factor: off$/));
      equal(await account.getByRole('button', { name: /^Reject/ }).count(), 0, 'no Reject for an active account');
      await account.getByRole('button', { name: `Deactivate ${bob.email}`, exact: true }).click();
      await confirmWithReason(page, { title: `Deactivate ${bob.email}?`, confirm: 'Deactivate', reason: 'Spam links' });
      await toast(/The account is deactivated/);
      await visible(account.getByText('deactivated', { exact: true }));
      await toastsGone(page);
    });
    await axe.here('admin console, accounts');

    await t.step("the operator's own row offers nothing", async () => {
      await page.getByLabel('Search by email or username').fill(admin.email);
      const own = row(admin.email);
      await visible(own.getByText('Your own account: change it in Security.'));
      equal(await own.getByRole('button').count(), 0, "buttons on the operator's own row");
    });

    await t.step('the taken-down card opens for the operator, with a banner saying so', async () => {
      await page.getByLabel('State').selectOption('taken_down');
      await page.getByLabel('Search by email or username').fill(owner.email);
      const [card] = await Promise.all([
        page.waitForEvent('popup'),
        row(owner.email)
          .getByRole('link', { name: `Card of ${owner.email}: @${owner.username}` })
          .click(),
      ]);
      await visible(card.getByText(/Taken down on \d{4}-\d\d-\d\d: "Impersonates a bank"\./));
      await visible(card.getByText("Visitors get 'not found'; only operators see this card.", { exact: false }));
      await visible(card.getByRole('heading', { name: owner.name }));
      equal(await axeViolations(card, 'taken-down card, as an operator sees it'), [], 'axe on the operator view');
      await card.close();
    });

    await t.step('an account of two cards: each listed, found by either, taken down and restored alone', async () => {
      const signedIn = await call(app, 'POST', '/v1/auth/login', { email: owner.email, password: owner.password });
      const second = accountFor(t.unique('second')).username;
      const made = await call(
        app,
        'POST',
        '/v1/cards',
        { username: second, name: 'Rex at Work' },
        signedIn.body.token as string,
      );
      equal(made.status, 201, 'the second card is made');
      await page.getByLabel('Search by email or username').fill(second);
      const account = row(owner.email);
      await visible(account.getByRole('link', { name: `Card of ${owner.email}: @${second}`, exact: true }));
      await toastsGone(page);
      await account.getByRole('button', { name: `Take down @${second}`, exact: true }).click();
      await confirmWithReason(page, {
        title: `Take down @${second}?`,
        confirm: 'Take card down',
        reason: 'Same bank again',
      });
      await toast(/The card is taken down/);
      equal((await fetch(`${app.baseUrl}/p/${second}`)).status, 404, 'the second card after its takedown');
      await visible(account.getByText('Reason: Same bank again', { exact: true }));
      await toastsGone(page);
      await axe.here('admin console, an account of two cards');
      await account.getByRole('button', { name: `Restore @${second}`, exact: true }).click();
      await toast('The card is back online.');
      equal((await fetch(`${app.baseUrl}/p/${second}`)).status, 200, 'the second card after its restore');
      equal((await fetch(`${app.baseUrl}/p/${owner.username}`)).status, 404, 'the first card, still taken down');
      await toastsGone(page);
    });

    await t.step('more than 100 accounts: the list says how many, and pages', async () => {
      await page.getByLabel('State').selectOption('all');
      await page.getByLabel('Search by email or username').fill(many);
      await visible(page.getByText('1–100 of 105 accounts', { exact: true }));
      equal(
        await page
          .getByRole('listitem')
          // An account's row, not the row of one of its cards (which holds no address).
          .filter({ hasText: `${many}` })
          .filter({ hasText: '@example.com' })
          .count(),
        100,
        'rows on the first page',
      );
      await page.getByRole('button', { name: 'Next page' }).click();
      await visible(page.getByText('101–105 of 105 accounts', { exact: true }));
      await visible(page.getByText(`${many}000@example.com`, { exact: true }));
      equal(
        await page
          .getByRole('listitem')
          // An account's row, not the row of one of its cards (which holds no address).
          .filter({ hasText: `${many}` })
          .filter({ hasText: '@example.com' })
          .count(),
        5,
        'rows on the second page',
      );
    });
    await axe.here('admin console, second page of accounts');

    await t.step('the audit log reads as sentences, the command line among the actors', async () => {
      await panel(page, 'Audit log');
      await visible(
        page.getByText(
          new RegExp(
            `^Olga Operator took down @${owner.username}'s card \\(answering report #\\d+\\): "Impersonates a bank"$`,
          ),
        ),
      );
      await visible(page.getByText(`Olga Operator deactivated @${bob.username}: "Spam links"`, { exact: true }));
      await visible(
        page.getByText(`Olga Operator rejected the sign-up @${spammer.username}: "Spam sign-up"`, { exact: true }),
      );
      await visible(page.getByText(new RegExp(`^Command line \\(.*\\) made @${admin.username} an operator$`)));
    });
    await axe.here('admin console, audit log');

    const newPage = async () => {
      const context = await browser.newContext({
        viewport: { width: t.viewport.width, height: t.viewport.height },
        isMobile: t.viewport.mobile,
        hasTouch: t.viewport.mobile,
        extraHTTPHeaders: { 'CF-Connecting-IP': clientAddress() },
      });
      return { context, page: await context.newPage() };
    };

    await t.step('the owner signs in and sees the reason on the dashboard', async () => {
      const other = await newPage();
      try {
        await signInWithForm(other.page, app.baseUrl, owner.email, owner.password);
        await visible(other.page.getByText('Reason: Impersonates a bank'));
        equal(await axeViolations(other.page, 'dashboard with takedown notice'), [], 'axe on the owner dashboard');
        // To anyone but an operator, /admin is an unknown path: the Worker never serves the console.
        const res = await other.page.goto(`${app.baseUrl}/admin`);
        equal(res?.status(), 200, 'the status, as any unknown path of the app');
        await visible(other.page.getByRole('heading', { name: 'Page Not Found', exact: true }));
        await visible(other.page.getByText('/admin', { exact: true }));
        equal(
          await other.page.title(),
          'Cardlink — Your Digital Identity, Simplified',
          "the app's page, not the console's",
        );
      } finally {
        await other.context.close();
      }
    });

    await t.step("the deactivated account signs in: 'Account Deactivated', with the support contacts", async () => {
      const other = await newPage();
      try {
        await other.page.goto(`${app.baseUrl}/auth/login`);
        await other.page.getByLabel('Email').fill(bob.email);
        await other.page.getByLabel('Password', { exact: true }).fill(bob.password);
        await other.page.getByRole('button', { name: 'Sign in', exact: true }).click();
        const dialog = other.page.getByRole('dialog', { name: 'Account Deactivated', exact: true });
        await visible(dialog.getByText(/has been deactivated/).first());
        equal(
          await dialog.getByRole('link', { name: 'Email support' }).getAttribute('href'),
          'mailto:help@cardlink.test',
          'the e-mail contact',
        );
        equal(await axeViolations(other.page, 'sign-in, account deactivated'), [], 'axe on the deactivated dialog');
      } finally {
        await other.context.close();
      }
    });
    await axe.assertNone();
  },
};
