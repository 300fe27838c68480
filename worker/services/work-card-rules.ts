import { eq } from 'drizzle-orm';
import { cards } from '../db/schema';
import type { Db } from '../env';

/** What a member's change to a card touches, in the template's field names (shared/org-template.ts). */
export type CardChange = {
  /** The text fields sent, with their new values. */
  values?: { [field: string]: unknown };
  /** 'photo' or 'cover': replaced, recut or removed (`removed` says which). */
  image?: { field: 'photo' | 'cover'; removed: boolean };
  /** The company logo, uploaded or removed: the organisation's while its template has one. */
  logo?: boolean;
  /** The theme, colours, layout or background. */
  look?: boolean;
  /**
   * The card's own links; `leaving`: the id of one about to be deleted or switched off, which a
   * rule that requires links refuses when it is the card's last active one.
   */
  links?: true | { leaving: number };
  /** The e-mail signature's layout. */
  signature?: boolean;
};

/**
 * Refuses a change its organisation's template does not allow (docs/decisions/0105-org-templates.md):
 * 403 naming a locked or hidden field, 422 for an emptied required one; nothing is written. Only a
 * work card that follows a template reads the rules, whose code loads then: a personal card pays
 * one read of its own row.
 */
export async function checkWorkCardChange(db: Db, cardId: string, change: CardChange) {
  const row = await db.select({ orgTemplateId: cards.orgTemplateId }).from(cards).where(eq(cards.id, cardId)).get();
  if (!row?.orgTemplateId) return;
  const { enforceTemplate } = await import('./orgs/rules');
  await enforceTemplate(db, row.orgTemplateId, change, cardId);
}
