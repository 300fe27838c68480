import { and, eq } from 'drizzle-orm';
import { cards } from '../../db/schema';
import { orgMembers, organisations } from '../../db/schema/orgs';
import type { Db } from '../../env';

/** What the account export says of organisations (README, Operating: export). */
export const WORK_CARDS_NOTE =
  'Work cards belong to their organisation. If you leave it, are removed, or delete your account, each work card stays with the organisation: it is paused (visitors see that you have moved on) until an admin hands it to someone else or deletes it. Your personal cards are yours alone.';

/** The account's organisations, its role and work cards in each, and what becomes of those cards. */
export async function organisationsOfAccount(db: Db, accountId: string) {
  const rows = await db
    .select({ id: organisations.id, name: organisations.name, slug: organisations.slug, role: orgMembers.role })
    .from(orgMembers)
    .innerJoin(organisations, eq(organisations.id, orgMembers.orgId))
    .where(eq(orgMembers.userId, accountId))
    .all();
  const result = [];
  for (const row of rows) {
    const held = await db
      .select({ username: cards.username })
      .from(cards)
      .where(and(eq(cards.orgId, row.id), eq(cards.userId, accountId)))
      .all();
    result.push({ name: row.name, slug: row.slug, role: row.role, work_cards: held.map((card) => card.username) });
  }
  return { note: WORK_CARDS_NOTE, organisations: result };
}
