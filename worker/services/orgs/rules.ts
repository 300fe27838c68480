import {
  hiddenMessage,
  lockedMessage,
  requiredMessage,
  SIGNATURE_LOCKED_MESSAGE,
  TEXT_FIELDS,
  type TemplateField,
  type TextField,
} from '@shared/org-template';
import { and, eq, isNull } from 'drizzle-orm';
import { links } from '../../db/schema';
import type { Db } from '../../env';
import { AppError } from '../../lib/errors';
import type { CardChange } from '../work-card-rules';
import { readTemplate, ruleOf, setsLook } from './template';

// A member's change to a work card, held to the organisation's template (docs/product.md §2,
// Organisations). Loaded only for a card that follows a template (services/work-card-rules.ts).

export const LOOK_LOCKED = 'The look of this card is set by your organisation and cannot be changed';
export const LOGO_LOCKED = 'Company logo is set by your organisation and cannot be changed';

const refuse = (status: 403 | 422, field: string, message: string) =>
  new AppError(status, message, { [field]: [message] });

export const REQUIRED_LINK_MESSAGE = 'This link is required by your organisation and cannot be changed or removed';

/** A required link (services/links.ts asks only for one): the member may not change or remove it. */
export function refuseRequiredLink(): never {
  throw refuse(403, 'links', REQUIRED_LINK_MESSAGE);
}

export async function enforceTemplate(db: Db, orgId: string, change: CardChange, cardId: string) {
  const template = await readTemplate(db, orgId);
  if (!template) return;
  const rule = (field: TemplateField) => ruleOf(template.rules, field);
  for (const field of TEXT_FIELDS) {
    const value = change.values?.[field];
    if (typeof value !== 'string') continue;
    const wanted = rule(field);
    // Sending the locked value itself changes nothing, so an editor that sends it back is not refused.
    if (wanted === 'locked' && value !== (template.lockedValues[field as TextField] ?? ''))
      throw refuse(403, field, lockedMessage(field));
    if (wanted === 'hidden' && value !== '') throw refuse(403, field, hiddenMessage(field));
    if (wanted === 'required' && value.trim() === '') throw refuse(422, field, requiredMessage(field));
  }
  if (change.image) {
    const { field, removed } = change.image;
    const wanted = rule(field);
    if (wanted === 'locked') throw refuse(403, field, lockedMessage(field));
    if (wanted === 'hidden') throw refuse(403, field, hiddenMessage(field));
    if (wanted === 'required' && removed) throw refuse(422, field, requiredMessage(field));
  }
  if (change.look && setsLook(template)) throw refuse(403, 'theme', LOOK_LOCKED);
  if (change.logo && template.logoKey) throw refuse(403, 'logo', LOGO_LOCKED);
  if (change.signature && template.signatureLayout !== null)
    throw refuse(403, 'signature_layout', SIGNATURE_LOCKED_MESSAGE);
  if (change.links) {
    const wanted = rule('links');
    if (wanted === 'locked') throw refuse(403, 'links', lockedMessage('links'));
    if (wanted === 'hidden') throw refuse(403, 'links', hiddenMessage('links'));
    if (wanted === 'required' && change.links !== true && (await isLastLink(db, cardId, change.links.leaving)))
      throw refuse(422, 'links', requiredMessage('links'));
  }
}

/**
 * Whether `linkId` is the card's only active link of its own (not a header, not the
 * organisation's): a card whose template requires links keeps at least one.
 */
async function isLastLink(db: Db, cardId: string, linkId: number) {
  const own = and(eq(links.cardId, cardId), eq(links.kind, 'link'), eq(links.isActive, true), isNull(links.orgLink));
  const active = await db.select({ id: links.id }).from(links).where(own).limit(2).all();
  return active.length === 1 && active[0]!.id === linkId;
}
