// Operating the service from the console (REQUIRE_ACTIVATION instance): an operator, made one by
// `npm run admin -- grant-admin` and signed in with a code, activates a pending account; a visitor
// without JavaScript reports that card; the operator takes it down with a reason, which the owner
// sees in their dashboard while the card answers 404. axe checks each new screen.
import type { Page } from 'playwright-core';
import { totpCode } from '../../../worker/lib/totp.ts';
import { axeCollector, axeViolations } from '../harness/a11y.ts';
import { accountFor, clientAddress, type Account } from '../harness/api.ts';
import { signInWithForm } from '../harness/dashboard.ts';
import { equal, urlPath, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';
import type { Server } from '../harness/server.ts';

async function call(app: Server, method: string, path: string, body: unknown, token?: string) {
  const send = () =>
    fetch(`${app.baseUrl}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'CF-Connecting-IP': clientAddress(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  // `npm run admin` blocks this process for seconds, in which the server drops the idle
  // keep-alive socket; the next request on it fails before reaching the server, so it is sent again.
  const res = await send().catch(() => send());
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A pending registration, as the form sends it. */
const register = (app: Server, account: Account) => call(app, 'POST', '/v1/auth/register', account);

/** An active operator with the authenticator-app factor on; answers its secret. */
async function operator(app: Server, account: Account) {
  await register(app, account);
  app.admin('activate', account.email);
  equal(app.admin('grant-admin', account.email).includes('operator'), true, 'grant-admin says so');
  const signedIn = await call(app, 'POST', '/v1/auth/login', { email: account.email, password: account.password });
  const token = signedIn.body.token as string;
  const setup = await call(app, 'POST', '/v1/user/security/totp/setup', { current_password: account.password }, token);
  const secret = (setup.body.data as { secret: string }).secret;
  const enabled = await call(app, 'POST', '/v1/user/security/totp/enable', { code: totpCode(secret) }, token);
  equal(enabled.status, 200, 'the factor is on');
  return secret;
}

const panel = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console sections' }).getByRole('button', { name, exact: true }).click();

export const operators: Journey = {
  name: 'an operator activates an account and takes a reported card down',
  activation: true,
  timeoutMs: 240_000,
  async run(t) {
    const { page, browser } = t;
    const app = t.activationApp;
    if (!app) throw new Error('The REQUIRE_ACTIVATION instance is not running');
    const axe = axeCollector(t, 'light');
    const admin = accountFor(t.unique('operator'), 'Olga Operator');
    const owner = accountFor(t.unique('reported'), 'Rex Reported');
    const secret = await operator(app, admin);
    await register(app, owner);

    await t.step('the operator signs in with the password and a code', async () => {
      await page.goto(`${app.baseUrl}/auth/login`);
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
      await page.getByRole('button', { name: 'Verify' }).click();
      await urlPath(page, '/dashboard');
    });

    await t.step('open the console: pending activations list the new account', async () => {
      if (!t.viewport.mobile) await page.getByRole('link', { name: 'Admin console', exact: true }).click();
      else await page.goto(`${app.baseUrl}/admin`);
      await urlPath(page, '/admin');
      await visible(page.getByRole('heading', { name: 'Pending activations', exact: true }));
      await visible(page.getByText(owner.email, { exact: true }));
    });
    await axe.here('admin console, pending activations');

    await t.step('Activate: the account can sign in and its card is live', async () => {
      await page.getByRole('button', { name: `Activate ${owner.email}`, exact: true }).click();
      await visible(page.getByText('The account is active.', { exact: true }));
      const card = await fetch(`${app.baseUrl}/p/${owner.username}`);
      equal(card.status, 200, 'the card status after activation');
    });

    await t.step('a visitor without JavaScript reports the card from its footer', async () => {
      const visitor = await browser.newContext({
        javaScriptEnabled: false,
        extraHTTPHeaders: { 'CF-Connecting-IP': clientAddress() },
      });
      try {
        const reporter = await visitor.newPage();
        await reporter.goto(`${app.baseUrl}/p/${owner.username}`);
        await reporter.getByRole('link', { name: 'Report', exact: true }).click();
        await visible(reporter.getByRole('heading', { name: `Report @${owner.username}`, exact: true }));
        // axe needs script, so the form is checked in the accessibility journeys instead.
        await reporter.getByLabel('Impersonation').check();
        await reporter.getByLabel('Note (optional)').fill('Pretends to be my bank');
        await reporter.getByRole('button', { name: 'Send report' }).click();
        await visible(reporter.getByRole('heading', { name: 'Report sent', exact: true }));
      } finally {
        await visitor.close();
      }
    });

    await t.step('the report is listed; the operator takes the card down with a reason', async () => {
      await panel(page, 'Reports');
      const row = page.getByRole('listitem').filter({ hasText: `@${owner.username}` });
      await visible(row.getByText('Pretends to be my bank'));
      await row.getByRole('button', { name: `Take card down: @${owner.username}`, exact: true }).click();
      await page
        .getByLabel(`Reason for taking down @${owner.username} (its owner sees this)`)
        .fill('Impersonates a bank');
    });
    await axe.here('admin console, takedown form');

    await t.step('taken down: the card answers 404 and the audit log says who did it', async () => {
      await page.getByRole('button', { name: 'Take card down', exact: true }).click();
      await visible(page.getByText(/The card is taken down/));
      const card = await fetch(`${app.baseUrl}/p/${owner.username}`);
      equal(card.status, 404, 'the card status after the takedown');
      await panel(page, 'Audit log');
      await visible(page.getByText('Why: Impersonates a bank').first());
    });
    await axe.here('admin console, audit log');

    await t.step('the owner signs in and sees the reason on the dashboard', async () => {
      const ownerContext = await browser.newContext({
        viewport: { width: t.viewport.width, height: t.viewport.height },
        isMobile: t.viewport.mobile,
        hasTouch: t.viewport.mobile,
        extraHTTPHeaders: { 'CF-Connecting-IP': clientAddress() },
      });
      try {
        const ownerPage = await ownerContext.newPage();
        await signInWithForm(ownerPage, app.baseUrl, owner.email, owner.password);
        await visible(ownerPage.getByText('Reason: Impersonates a bank'));
        equal(await axeViolations(ownerPage, 'dashboard with takedown notice'), [], 'axe on the owner dashboard');
      } finally {
        await ownerContext.close();
      }
    });
    await axe.assertNone();
  },
};
