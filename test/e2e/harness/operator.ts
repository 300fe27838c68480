// Set-up for the operators' journeys on the REQUIRE_ACTIVATION instance: accounts through the API
// and `npm run admin`, many accounts at once through SQL, and the console's confirm dialogs.
import type { Page } from 'playwright-core';
import { totpCode } from '../../../worker/lib/totp.ts';
import { clientAddress, type Account } from './api.ts';
import { equal, hidden, visible } from './expect.ts';
import type { Server } from './server.ts';

export async function call(app: Server, method: string, path: string, body: unknown, token?: string) {
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
export const register = (app: Server, account: Account) => call(app, 'POST', '/v1/auth/register', account);

/** An active operator with the authenticator-app factor on; answers its secret. */
export async function operator(app: Server, account: Account) {
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

/** A visitor's report of a card, posted as its plain form posts it. */
export async function fileReport(app: Server, username: string, reason: string, note: string) {
  const res = await fetch(`${app.baseUrl}/p/${username}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': clientAddress() },
    body: new URLSearchParams({ reason, note }).toString(),
  });
  equal(res.status, 200, 'the report is sent');
}

/**
 * `count` active accounts whose usernames start with `prefix` (`<prefix>000`...), written in two
 * statements (a recursive CTE makes the rows): seconds, where signing each up would take minutes.
 */
export function seedAccounts(app: Server, prefix: string, count: number) {
  const uuid =
    "lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))";
  app.sql(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1})
     INSERT INTO users (id, email, password_hash, status, created_at, activated_at)
     SELECT ${uuid}, '${prefix}' || printf('%03d', i) || '@example.com', 'unused', 'active', 1700000000000 + i, 1700000000000 + i FROM n;
     INSERT INTO profiles (user_id, username, name)
     SELECT id, substr(email, 1, instr(email, '@') - 1), 'Seeded Account' FROM users WHERE email LIKE '${prefix}%@example.com';`,
  );
}

/**
 * A destructive action's dialog: it names the account, sends nothing without a reason (the
 * server's message shows at the field), then does it with one and closes.
 */
export async function confirmWithReason(
  page: Page,
  {
    title,
    confirm,
    reason,
    refused,
  }: { title: string; confirm: string; reason: string; refused?: () => Promise<void> },
) {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await visible(dialog);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await visible(dialog.getByText(/^Say why/));
  await refused?.();
  await dialog.getByRole('textbox').fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await hidden(dialog);
}

/**
 * Waits for the console's toasts to leave. axe judges what a person reads, and a toast caught
 * while it slides or fades behind another is drawn at a contrast no one reads it at.
 */
export const toastsGone = (page: Page) => hidden(page.locator('[data-sonner-toast]'), 15_000);

/** Opens a section of the console by its button in 'Console sections'. */
export const panel = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console sections' }).getByRole('button', { name, exact: true }).click();
