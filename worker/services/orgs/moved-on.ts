import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { cards } from '../../db/schema';
import { organisations } from '../../db/schema/orgs';
import type { Db } from '../../env';

/**
 * The organisation a paused work card of this username belongs to, with the link it chose for
 * visitors and the card's language; null when the username names no paused work card.
 */
export async function movedOnCard(db: Db, username: string) {
  return (
    (await db
      .select({ company: organisations.name, url: organisations.movedOnUrl, language: cards.language })
      .from(cards)
      .innerJoin(organisations, eq(organisations.id, cards.orgId))
      .where(and(eq(cards.username, username), isNotNull(cards.pausedAt), isNull(cards.takenDownAt)))
      .get()) ?? null
  );
}
