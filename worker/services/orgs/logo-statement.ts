import { and, eq, exists, isNotNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { cards } from '../../db/schema';
import { orgTemplates } from '../../db/schema/orgs';
import type { Db } from '../../env';

// The company logo's part of a template's write-through (template.ts's followStatements).

/** An organisation's own logo (template-logo.ts): its key's owner folder says so. */
export const ORG_LOGO_KEYS = 'logos/org-%';

/**
 * The template's company logo onto every card of `scope`, read from its row in the same batch (so
 * a save racing an upload cannot write back a logo whose files are gone); without one, the cards
 * that showed an organisation's logo go back to none, and a card's own logo is left as it is.
 */
export function logoStatement(db: Db, orgId: string, scope: SQL) {
  const ofTemplate = (column: SQLiteColumn) =>
    sql`(SELECT ${column} FROM ${orgTemplates} WHERE ${orgTemplates.orgId} = ${orgId})`;
  const hasLogo = db
    .select({ one: sql`1` })
    .from(orgTemplates)
    .where(and(eq(orgTemplates.orgId, orgId), isNotNull(orgTemplates.logoKey)));
  return db
    .update(cards)
    .set({
      logoKey: ofTemplate(orgTemplates.logoKey),
      logoOriginal: ofTemplate(orgTemplates.logoOriginal),
      logoPlaceholder: ofTemplate(orgTemplates.logoPlaceholder),
    })
    .where(and(scope, or(exists(hasLogo), like(cards.logoKey, ORG_LOGO_KEYS))));
}
