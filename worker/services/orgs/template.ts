import { and, eq, getTableColumns, gte, inArray, is, isNotNull, notExists, SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  TEMPLATE_FIELDS,
  TEXT_FIELDS,
  type FieldRule,
  type FieldRules,
  type TemplateField,
  type TextField,
} from '@shared/org-template';
import type { OrgTemplate, OrgTemplateBody } from '@shared/schemas/org-template';
import { cards, links, templates, themes } from '../../db/schema';
import { orgTemplates } from '../../db/schema/orgs';
import type { Db } from '../../env';
import { fieldError } from '../../lib/errors';
import { auditEntry, orgOfMemberOrThrow } from './access';
import { logoStatement } from './logo-statement';
import { parts } from './parts';

// An organisation's template (docs/decisions/0105-org-templates.md). Saving it writes, in the
// batch of the template's row and its audit line, the look, the locked values and the hidden
// fields onto every work card of the organisation, and puts the required links first on each:
// every read of a card (its page, vCard, QR, the card API) then shows the template, and the edge
// cache, keyed by a hash of that read (pages/page-cache.ts), serves the new page at once.

export type TemplateRow = typeof orgTemplates.$inferSelect;

/** Each text field's column of `cards`. */
export const TEXT_COLUMNS = {
  name: 'name',
  job_title: 'jobTitle',
  company: 'company',
  phone: 'phone',
  public_email: 'publicEmail',
  location: 'location',
  pronouns: 'pronouns',
  bio: 'bio',
} as const satisfies Record<TextField, keyof typeof cards.$inferSelect>;

export const ruleOf = (rules: FieldRules | null | undefined, field: TemplateField): FieldRule =>
  rules?.[field] ?? 'optional';

/** Whether the template sets the cards' look (a theme, colours or a layout). */
export const setsLook = (row: Pick<TemplateRow, 'themeId' | 'customTheme' | 'templateId'>) =>
  row.themeId !== null || row.customTheme !== null || row.templateId !== null;

export const readTemplate = (db: Db, orgId: string) =>
  db.select().from(orgTemplates).where(eq(orgTemplates.orgId, orgId)).get();

/**
 * The statements that make the cards `scope` names follow the template: its look (what it sets),
 * the locked values, the hidden fields, and the required links first, each updated in place so a
 * link keeps its id and clicks; the links the template no longer carries go.
 */
export function followStatements(db: Db, row: TemplateRow, scope: SQL, now: number) {
  const hidden = TEMPLATE_FIELDS.filter((field) => ruleOf(row.rules, field) === 'hidden');
  const locked = Object.fromEntries(
    TEXT_FIELDS.filter((field) => ruleOf(row.rules, field) === 'locked').map((field) => [
      TEXT_COLUMNS[field],
      row.lockedValues[field] ?? '',
    ]),
  );
  const look = {
    ...(row.themeId !== null ? { themeId: row.themeId } : {}),
    ...(row.templateId !== null ? { templateId: row.templateId } : {}),
    // The template's colours replace the card's own; a template with a preset only, the card's
    // custom colours too (the preset would not show under them).
    ...(row.customTheme !== null
      ? { customTheme: row.customTheme }
      : row.themeId !== null
        ? { customTheme: null }
        : {}),
    // Its background is the virtual background: the member's own upload would be drawn over it.
    ...(row.customTheme?.background_image
      ? { backgroundKey: null, backgroundPlaceholder: null, backgroundTones: null }
      : {}),
  };
  const orgCards = db.select({ id: cards.id }).from(cards).where(scope);
  const n = row.requiredLinks.length;
  return [
    db
      .update(cards)
      .set({
        ...look,
        ...locked,
        orgTemplateId: row.orgId,
        orgHidden: hidden.length > 0 ? hidden : null,
        ...(row.signatureLayout !== null ? { signatureLayout: row.signatureLayout } : {}),
        updatedAt: now,
      })
      .where(scope),
    ...row.requiredLinks.flatMap((link, index) => [
      // Before the member's own links (0, 1, …), in the template's order.
      db
        .update(links)
        .set({
          title: link.title,
          url: link.url,
          displayOrder: index - n,
          isActive: true,
          kind: 'link',
          updatedAt: now,
        })
        .where(and(eq(links.orgLink, index), inArray(links.cardId, orgCards))),
      db.insert(links).select(cardsMissing(db, link, index, n, scope, now)),
    ]),
    db.delete(links).where(and(isNotNull(links.orgLink), gte(links.orgLink, n), inArray(links.cardId, orgCards))),
    logoStatement(db, row.orgId, scope),
  ];
}

/** One required link for each card of `scope` that does not carry it yet, as the rows to insert. */
function cardsMissing(db: Db, link: { title: string; url: string }, index: number, n: number, scope: SQL, now: number) {
  const rows = db
    .select(
      linkFields({
        userId: cards.userId,
        cardId: cards.id,
        title: sql`${link.title}`,
        url: sql`${link.url}`,
        displayOrder: sql`${index - n}`,
        orgLink: sql`${index}`,
        createdAt: sql`${now}`,
        updatedAt: sql`${now}`,
      }),
    )
    .from(cards)
    .where(
      and(
        scope,
        notExists(
          db
            .select({ one: sql`1` })
            .from(links)
            .where(and(eq(links.cardId, cards.id), eq(links.orgLink, index))),
        ),
      ),
    );
  // linkFields names every column of `links` in order, which the insert's type cannot follow.
  return rows as never;
}

/**
 * Every column of `links` in its order (an INSERT … SELECT names them all): the given values, each
 * other column's default, else NULL (the id: the next one). One statement for every card, so a
 * template reaches a thousand cards in the batch of its own row.
 */
function linkFields(given: Partial<Record<keyof typeof links.$inferSelect, SQL | SQLiteColumn>>) {
  return Object.fromEntries(
    Object.entries(getTableColumns(links)).map(([key, column]) => [
      key,
      given[key as keyof typeof given] ??
        (column.default === undefined || is(column.default, SQL)
          ? sql`NULL`
          : sql`${column.mapToDriverValue(column.default)}`),
    ]),
  ) as Record<keyof typeof links.$inferSelect, SQL | SQLiteColumn>;
}

/** The new cards made for invitations follow the organisation's template, if it has one. */
export async function followTemplate(db: Db, orgId: string, cardIds: string[], now = Date.now()) {
  if (cardIds.length === 0) return;
  const row = await readTemplate(db, orgId);
  if (!row) return;
  const [first, ...rest] = followStatements(db, row, and(eq(cards.orgId, orgId), inArray(cards.id, cardIds))!, now);
  await db.batch([first!, ...rest]);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function serialize(
  db: Db,
  origin: string,
  org: { id: string; name: string },
  row: TemplateRow | undefined,
): Promise<OrgTemplate> {
  const following = await db
    .select({ n: sql<number>`count(*)` })
    .from(cards)
    .where(eq(cards.orgId, org.id))
    .get();
  return {
    org_id: org.id,
    org_name: org.name,
    version: row?.version ?? 0,
    theme_id: row?.themeId ?? null,
    custom_theme: row?.customTheme ?? null,
    template_id: row?.templateId ?? null,
    rules: Object.fromEntries(
      TEMPLATE_FIELDS.map((field) => [field, ruleOf(row?.rules, field)]),
    ) as OrgTemplate['rules'],
    locked_values: row?.lockedValues ?? {},
    required_links: row?.requiredLinks ?? [],
    logo_url: parts().imageUrl(origin, row?.logoKey, 'logo'),
    signature_layout: (row?.signatureLayout as OrgTemplate['signature_layout']) ?? null,
    cards: following?.n ?? 0,
    updated_at: iso(row?.updatedAt ?? null),
  };
}

/** Any member reads the template (their editor shows its rules); an outsider gets 404. */
export async function getTemplate(db: Db, origin: string, orgId: string, accountId: string) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId);
  return serialize(db, origin, org, await readTemplate(db, orgId));
}

/**
 * The owner or an admin saves the whole template; every work card follows it in the same batch as
 * the template's row and the audit line. A rule left out is 'optional'.
 */
export async function setTemplate(
  db: Db,
  origin: string,
  orgId: string,
  accountId: string,
  body: OrgTemplateBody,
  now = Date.now(),
) {
  const { org } = await orgOfMemberOrThrow(db, orgId, accountId, 'admin');
  if (body.theme_id !== null) {
    const found = await db.select({ id: themes.id }).from(themes).where(eq(themes.id, body.theme_id)).get();
    if (!found) throw fieldError('theme_id', 'The selected theme does not exist');
  }
  if (body.template_id !== null) {
    const found = await db.select({ id: templates.id }).from(templates).where(eq(templates.id, body.template_id)).get();
    if (!found) throw fieldError('template_id', 'The selected template does not exist');
  }
  const before = await readTemplate(db, orgId);
  const rules = Object.fromEntries(
    Object.entries(body.rules).filter(([, rule]) => rule !== undefined && rule !== 'optional'),
  ) as FieldRules;
  const row: TemplateRow = {
    orgId,
    version: (before?.version ?? 0) + 1,
    themeId: body.theme_id,
    customTheme: body.custom_theme as TemplateRow['customTheme'],
    templateId: body.template_id,
    rules,
    lockedValues: body.locked_values,
    requiredLinks: body.required_links,
    // Not set by this body: the logo has its own upload.
    logoKey: before?.logoKey ?? null,
    logoOriginal: before?.logoOriginal ?? null,
    logoPlaceholder: before?.logoPlaceholder ?? null,
    signatureLayout: body.signature_layout,
    updatedBy: accountId,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
  // The logo's columns are the stored ones (an upload may have landed since they were read).
  const {
    orgId: _,
    createdAt,
    logoKey: _key,
    logoOriginal: _original,
    logoPlaceholder: _placeholder,
    ...changes
  } = row;
  await db.batch([
    db
      .insert(orgTemplates)
      .values(row)
      .onConflictDoUpdate({ target: orgTemplates.orgId, set: { ...changes, createdAt } }),
    ...followStatements(db, row, eq(cards.orgId, orgId), now),
    auditEntry(
      db,
      {
        orgId,
        actorId: accountId,
        action: 'template.updated',
        subject: `version ${row.version}`,
        detail: { rules, required_links: body.required_links.length, sets_look: setsLook(row) },
      },
      now,
    ),
  ]);
  return serialize(db, origin, org, row);
}
