import { eq } from 'drizzle-orm';
import { cards } from '../db/schema';
import type { Db } from '../env';
import { AppError, notFound } from '../lib/errors';
import { mediaOwner } from './media';
import { getPublicCard } from './public-card';
import { domainOrigin } from '../lib/domain-origin';

// What a wallet pass is made of, read for the signed-in owner; the route composes the pass
// itself (worker/wallet/), whose signing code loads only when a pass is asked for.

export const PRIVATE_CARD = 'Make your card public before adding it to a wallet';

/**
 * The signed-in owner's card as a visitor sees it, and the pass serial that stays the same for
 * this owner; a private card gets no pass (its QR would lead nowhere).
 */
export async function walletCard(db: Db, origin: string, cardId: string) {
  const row = await db.select({ username: cards.username }).from(cards).where(eq(cards.id, cardId)).get();
  const result = row ? await getPublicCard(db, origin, row.username) : ({ status: 'missing' } as const);
  if (result.status === 'missing') throw notFound('Profile not found');
  if (result.status === 'private') throw new AppError(409, PRIVATE_CARD);
  // One serial per owner: adding the card again replaces the pass on the phone.
  // The pass's QR opens the card's own domain once that is active (docs/decisions/0103-custom-domains.md).
  const cardUrl = result.domain ? `${domainOrigin(result.domain, origin)}/` : `${origin}/p/${result.card.username}`;
  return { card: result.card, cardUrl, serial: await mediaOwner(cardId) };
}
