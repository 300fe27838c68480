// An organisation's steps as its owner and members take them on the dashboard (docs/product.md,
// Organisations), shared by the organisation journeys.
import type { Browser, Page } from 'playwright-core';
import { clientAddress, latestMail, type Session } from './api.ts';
import { openSection } from './dashboard.ts';
import { equal, seeText, urlPath, visible } from './expect.ts';
import type { JourneyContext } from './journey.ts';
import { assertNoHorizontalOverflow } from './layout.ts';
import type { Server } from './server.ts';

export type OrgTab = 'Members' | 'Template' | 'Contacts' | 'Analytics' | 'Settings';
export type WorkCards = { data: { id: string; username: string; state: string; holder_id: string | null }[] };

/** Makes an organisation from Organisations; answers its id once its Members tab shows. */
export async function createOrg(page: Page, app: Server, name: string) {
  await page.goto(`${app.baseUrl}/dashboard/orgs`);
  await visible(page.getByText('You do not belong to an organisation yet', { exact: false }));
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await visible(page.getByRole('heading', { name }));
  await visible(page.getByRole('heading', { name: 'Members', exact: true }));
  const orgId = new URL(page.url()).pathname.split('/')[3] ?? '';
  await urlPath(page, `/dashboard/orgs/${orgId}/members`);
  return orgId;
}

/** Opens one of the organisation's tabs from its row of tabs. */
export async function openOrgTab(page: Page, orgId: string, tab: OrgTab) {
  await page
    .getByRole('navigation', { name: 'Organisation', exact: true })
    .getByRole('link', { name: tab, exact: true })
    .click();
  await urlPath(page, `/dashboard/orgs/${orgId}/${tab.toLowerCase()}`);
}

/** The Members tab's CSV upload: the file is checked first (`checked` is the preview's line), then sent. */
export async function inviteByCsv(page: Page, csv: string, checked: string, count: number) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'team.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await visible(page.getByText(checked, { exact: true }));
  await page
    .getByRole('button', { name: `Send invitations (${count})` })
    .last()
    .click();
  await visible(page.getByText(`Invited: ${count}. Already invited or members: 0.`, { exact: true }));
}

/** The claim link the newest invitation mail to `email` carries, as a path on this server. */
export async function claimPath(app: Server, email: string) {
  const mail = await latestMail(app, email);
  const link = /https?:\/\/\S+\/dashboard\/claim\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
  equal(Boolean(link), true, `the invitation mail to ${email} carries the claim link`);
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/**
 * Another person's phone: a browser of their own at the journey's size and touch, sending a
 * person's user agent (a headless one is not counted as a visitor) from a network of its own.
 */
export const phoneContext = (browser: Browser, t: JourneyContext) =>
  browser.newContext({
    viewport: { width: t.viewport.width, height: t.viewport.height },
    isMobile: t.viewport.mobile,
    hasTouch: t.viewport.mobile,
    userAgent: process.env.E2E_USER_AGENT,
    extraHTTPHeaders: { 'CF-Connecting-IP': clientAddress() },
  });

/** Removes a member from the Members tab, through the confirmation. */
export async function removeMember(page: Page, email: string, name: string) {
  const members = page.getByRole('region', { name: 'Members', exact: true });
  await members.getByRole('listitem').filter({ hasText: email }).getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${name}?` });
  await visible(dialog.getByText(/The contacts it made stay with the organisation/));
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await visible(page.getByText(`${name} removed; their card is paused`, { exact: true }));
}

/**
 * Opens the Reassign dialog of a paused work card; answers it and the members it offers (only
 * those who hold no work card there).
 */
export async function openReassign(page: Page, username: string) {
  await page
    .getByRole('region', { name: 'Work cards' })
    .getByRole('listitem')
    .filter({ hasText: `@${username}` })
    .getByRole('button', { name: 'Reassign' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Reassign @${username}` });
  const offered = (await dialog.getByLabel('New holder').locator('option').allTextContents()).slice(1);
  return { dialog, offered };
}

/** A profile change of one card sent as its member's API client would (multipart), answered whole. */
export async function updateCardProfile(app: Server, session: Session, cardId: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const res = await fetch(`${app.baseUrl}/v1/cards/${encodeURIComponent(cardId)}/profile/update`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { message?: string; errors?: Record<string, string[]> } };
}

/**
 * A visitor on a phone of their own opens the card, follows 'Share your contact', fills the form
 * in and sends it; answers the card page's status.
 */
export async function visitorSharesContact(
  browser: Browser,
  t: JourneyContext,
  username: string,
  visitor: { name: string; email: string },
  onCard?: (card: Page) => Promise<void>,
) {
  const context = await phoneContext(browser, t);
  try {
    const page = await context.newPage();
    const res = await page.goto(`${t.app.baseUrl}/p/${username}`);
    equal(res?.status(), 200, 'the card answers 200');
    if (onCard) await onCard(page);
    await page.getByRole('link', { name: 'Share your contact', exact: true }).click();
    await visible(page.getByRole('heading', { name: /^Share your contact with / }));
    await page.getByLabel('Name').fill(visitor.name);
    await page.getByLabel(/^Email/).fill(visitor.email);
    await page.getByRole('checkbox', { name: /will receive these details/ }).check();
    await page.getByRole('button', { name: 'Share my contact', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Thank you!', exact: true }));
  } finally {
    await context.close();
  }
}

/** A link added to one card as its member's API client would, answered whole. */
export async function addCardLink(app: Server, session: Session, cardId: string, link: { title: string; url: string }) {
  const res = await fetch(`${app.baseUrl}/v1/cards/${encodeURIComponent(cardId)}/links`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${session.token}`,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(link),
  });
  return { status: res.status, body: (await res.json()) as { message?: string; errors?: Record<string, string[]> } };
}

/**
 * A member's Links and Share on a work card whose template locks its links and sets the signature's
 * layout: the links read-only with the lock and who set them, no control to add, change or import
 * one; the layout fixed. Each screen is checked by axe and for sideways scrolling.
 */
export async function lockedLinks(t: JourneyContext, page: Page, orgName: string, layout: string) {
  await openSection({ ...t, page }, 'Links');
  const rule = page.locator('[data-links-rule="locked"]');
  await visible(rule.getByText(`Set by ${orgName}`, { exact: true }));
  await visible(rule.locator('svg'));
  await visible(rule.getByText(/^Your organisation sets the links on this card/));
  await seeText(page, 'There are no links on this card.');
  const adding = page.getByRole('button', { name: /New Link|Add header|Add Your First Link/ });
  equal(await adding.count(), 0, 'no control to add a link');
  await assertNoHorizontalOverflow(page);
  await t.axe.check(page, 'a member’s Links, locked by the template');
  await openSection({ ...t, page }, 'Share');
  await visible(page.getByTestId('signature-layout-fixed').getByText(layout, { exact: true }));
  await seeText(page, `Set by ${orgName}: links cannot be imported to this card.`);
  equal(await page.getByLabel('Linktree page').count(), 0, 'no import offered');
  await assertNoHorizontalOverflow(page);
  await t.axe.check(page, 'a member’s Share, its signature layout and links set by the template');
}
