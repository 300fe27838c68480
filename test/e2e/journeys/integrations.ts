// Integrations: the owner makes an API token in Settings limited to links:write on their card,
// a script (this test's fetch) adds a link with it, the link is on the public card, the token is
// revoked and the next call is refused. Then a webhook pointing at a receiver on this machine (an
// http server the journey starts; http and loopback are allowed in development): a visitor shares
// their contact on the card, and the contact.created delivery arrives, verified with the
// standardwebhooks package as an integrator would. A 390 px screenshot of Settings is kept.
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { startReceiver, type Received } from '../../fixtures/webhook-receiver.ts';
import { clientAddress, signedInAccount } from '../harness/api.ts';
import { openSection } from '../harness/dashboard.ts';
import { equal, seeText, visible } from '../harness/expect.ts';
import type { Journey } from '../harness/journey.ts';

async function deliveriesTo(port: number, key: string, count: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const got = (await (await fetch(`http://127.0.0.1:${port}/received/${key}`)).json()) as Received[];
    if (got.length >= count) return got;
    if (Date.now() > until) throw new Error(`the receiver got ${got.length} of ${count} deliveries`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const integrations: Journey = {
  name: 'integrations: an API token adds a link until revoked; a webhook receives a visitor’s contact, signed',
  timeoutMs: 150_000,
  async run(t) {
    const { page, app, browser } = t;
    const username = t.unique('integrate');
    const { account, api } = await signedInAccount(t.context, app, username, 'Ada Lovelace');
    const receiver = await startReceiver();
    try {
      let secret = '';
      await t.step('the owner makes a token in Settings that may change links on their card', async () => {
        await page.goto(`${app.baseUrl}/dashboard`);
        await openSection(t, 'Settings');
        // The list's placeholder gives way to 'You have no API tokens.', which moves the button:
        // a tap while it moves lands beside it, as a person's would.
        await page.getByText('You have no API tokens.').waitFor();
        await page.getByRole('button', { name: 'Create token', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Create token' });
        await dialog.getByLabel('Name').fill('Link script');
        await dialog.getByRole('checkbox', { name: /Change links/ }).check();
        await dialog.getByRole('radio', { name: 'Only chosen cards' }).check();
        await dialog.getByRole('checkbox', { name: /Ada Lovelace/ }).check();
        await dialog.getByLabel('Current password').fill(account.password);
        await dialog.getByRole('button', { name: 'Create token', exact: true }).click();
        secret = await page.getByLabel('Token', { exact: true }).inputValue();
        equal(secret.startsWith('cl_pat_'), true, 'the token shown once');
        await page.getByRole('button', { name: 'I have saved it' }).click();
      });

      const addLink = (title: string) =>
        fetch(`${app.baseUrl}/v1/user/links`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${secret}`,
            'Content-Type': 'application/json',
            'CF-Connecting-IP': clientAddress(),
          },
          body: JSON.stringify({ title, url: 'https://example.com/from-a-script' }),
        });

      await t.step('a script adds a link with the token, and the link is on the public card', async () => {
        equal((await addLink('Added by a script')).status, 201, 'the token’s request');
        const visitor = await browser.newContext();
        try {
          const card = await visitor.newPage();
          await card.goto(`${app.baseUrl}/p/${username}`);
          await visible(card.getByRole('link', { name: /Added by a script/ }));
        } finally {
          await visitor.close();
        }
      });

      await t.step('the owner revokes the token; the next call is refused', async () => {
        await page.getByRole('button', { name: 'Revoke token Link script' }).click();
        await page.getByRole('dialog', { name: 'Revoke this token?' }).getByRole('button', { name: 'Revoke' }).click();
        await seeText(page, 'Token revoked');
        equal((await addLink('Too late')).status, 401, 'a revoked token');
      });

      let signing = '';
      const key = 'journey';
      await t.step('the owner adds a webhook for new contacts, pointing at a receiver', async () => {
        await page.getByRole('button', { name: 'Add webhook' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add webhook' });
        await dialog.getByLabel('URL').fill(`http://127.0.0.1:${receiver.port}/hook/${key}`);
        await dialog.getByRole('checkbox', { name: /A visitor shares their contact/ }).check();
        await dialog.getByRole('button', { name: 'Add webhook' }).click();
        signing = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
        equal(signing.startsWith('whsec_'), true, 'the signing secret shown once');
        await page.screenshot({ path: join(t.outDir, 'settings-webhooks.png'), fullPage: true });
        await page.getByRole('button', { name: 'I have saved it' }).click();
        await visible(page.getByRole('list', { name: 'Your webhooks' }));
      });

      await t.step('a visitor shares their contact on the card', async () => {
        await api.updateProfile({ name: 'Ada Lovelace', username, contact_exchange: '1' });
        const visitor = await browser.newContext({ extraHTTPHeaders: { 'CF-Connecting-IP': clientAddress() } });
        try {
          const card = await visitor.newPage();
          await card.goto(`${app.baseUrl}/p/${username}/contact`);
          await card.getByLabel('Name').fill('Grace Hopper');
          await card.getByLabel(/^Email/).fill('grace@example.com');
          await card.getByRole('checkbox', { name: /will receive these details/ }).check();
          await card.getByRole('button', { name: 'Share my contact', exact: true }).click();
          await visible(card.getByRole('heading', { name: 'Thank you!', exact: true }));
        } finally {
          await visitor.close();
        }
      });

      await t.step('the contact.created delivery arrives and verifies with standardwebhooks', async () => {
        const [delivery] = await deliveriesTo(receiver.port, key, 1);
        const body = new Webhook(signing).verify(delivery!.body, delivery!.headers) as {
          type: string;
          data: { contact: { name: string; email: string } };
        };
        equal(body.type, 'contact.created', 'the event');
        equal(body.data.contact.name, 'Grace Hopper', 'the contact’s name');
        equal(body.data.contact.email, 'grace@example.com', 'the contact’s email');
        // The delivery log shows it.
        await page.getByRole('button', { name: 'Delivery log' }).click();
        await visible(page.getByRole('region', { name: 'Last 100 deliveries' }));
        await seeText(page, /Delivered · HTTP 200/);
        await page.screenshot({ path: join(t.outDir, 'settings-webhook-log.png'), fullPage: true });
      });
    } finally {
      await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
    }
  },
};
