import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AccountState } from '@shared/constants';
import type { AccountSearch, AdminAccount, AdminAccountCard, AdminAccountsPage } from '@shared/schemas/admin';
import { passkeys, cards, totpFactors, users } from '../../db/schema';
import type { Db } from '../../env';
import { iso, pageOf } from './common';
import { primaryCardOf } from '../card-owner';

// An account holds several cards (docs/decisions/0091-cards-apart-from-accounts.md). The list's
// join is to the primary card alone (one per account), so no account is listed twice and the page
// count holds; whatever asks about every card (the search, the takedown states) asks in EXISTS.

/** Whether any card of the account is taken down. */
const anyCardTakenDown = sql`EXISTS (SELECT 1 FROM ${cards} AS any_card WHERE any_card.user_id = ${users.id} AND any_card.taken_down_at IS NOT NULL)`;

/** The filter of each state (ACCOUNT_STATES); see `stateOf`. */
const STATE_FILTER: Record<AccountState, SQL | undefined> = {
  pending: and(eq(users.status, 'pending'), isNull(users.deactivatedAt)),
  deactivated: and(eq(users.status, 'pending'), isNotNull(users.deactivatedAt)),
  active: and(eq(users.status, 'active'), sql`NOT ${anyCardTakenDown}`),
  taken_down: and(eq(users.status, 'active'), anyCardTakenDown),
};

/**
 * An account's state as the console shows it: what the account may do comes before its cards, and
 * an active account with any card taken down is `taken_down` (its other cards may be online).
 */
export function stateOf(row: { status: string; deactivatedAt: number | null; cardsTakenDown: number }): AccountState {
  if (row.status !== 'active') return row.deactivatedAt == null ? 'pending' : 'deactivated';
  return row.cardsTakenDown ? 'taken_down' : 'active';
}

/** The cards of these accounts, primary first, then oldest first; the ids go as one JSON value. */
async function cardsOf(db: Db, accountIds: string[]) {
  const byAccount = new Map<string, AdminAccountCard[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await db
    .select({
      id: cards.id,
      userId: cards.userId,
      username: cards.username,
      name: cards.name,
      isPrimary: cards.isPrimary,
      takenDownAt: cards.takenDownAt,
      takedownReason: cards.takedownReason,
    })
    .from(cards)
    // D1 binds at most 100 values a query: a page of ids is one JSON text instead.
    .where(sql`${cards.userId} IN (SELECT value FROM json_each(${JSON.stringify(accountIds)}))`)
    .orderBy(desc(cards.isPrimary), asc(cards.createdAt), asc(cards.id))
    .all();
  for (const row of rows) {
    const list = byAccount.get(row.userId) ?? [];
    list.push({
      id: row.id,
      username: row.username,
      name: row.name,
      is_primary: row.isPrimary,
      taken_down_at: iso(row.takenDownAt),
      takedown_reason: row.takedownReason,
    });
    byAccount.set(row.userId, list);
  }
  return byAccount;
}

/**
 * A page of accounts (ADMIN_PAGE_SIZE), searched by e-mail or any card's username and filtered by
 * state, with how many match in all. Sign-ups waiting for activation oldest first (a queue), the
 * others newest first; the id breaks ties so pages never overlap.
 */
export async function listAccounts(
  db: Db,
  operatorId: string,
  { q, state, page }: AccountSearch,
): Promise<AdminAccountsPage> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const where = and(
    sql`${users.status} != 'deleted'`,
    state === 'all' ? undefined : STATE_FILTER[state],
    q
      ? or(
          sql`${users.email} LIKE ${pattern} ESCAPE '\\'`,
          sql`EXISTS (SELECT 1 FROM ${cards} AS found WHERE found.user_id = ${users.id} AND found.username LIKE ${pattern} ESCAPE '\\')`,
        )
      : undefined,
  );
  const { limit, offset } = pageOf(page, ADMIN_PAGE_SIZE);
  const [rows, [counted]] = await db.batch([
    db
      .select({
        id: users.id,
        email: users.email,
        status: users.status,
        role: users.role,
        createdAt: users.createdAt,
        activatedAt: users.activatedAt,
        deactivatedAt: users.deactivatedAt,
        username: cards.username,
        name: cards.name,
        takenDownAt: cards.takenDownAt,
        takedownReason: cards.takedownReason,
        cardsTakenDown: sql<number>`${anyCardTakenDown}`,
        app: sql<number>`EXISTS (SELECT 1 FROM ${totpFactors} WHERE ${totpFactors.userId} = ${users.id} AND ${totpFactors.confirmedAt} IS NOT NULL)`,
        passkeys: sql<number>`(SELECT count(*) FROM ${passkeys} WHERE ${passkeys.userId} = ${users.id})`,
      })
      .from(users)
      .leftJoin(cards, primaryCardOf(users.id))
      .where(where)
      .orderBy(
        ...(state === 'pending' ? [asc(users.createdAt), asc(users.id)] : [desc(users.createdAt), desc(users.id)]),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(where),
  ]);
  const cardsByAccount = await cardsOf(
    db,
    rows.map((row) => row.id),
  );
  const accounts = rows.map((row): AdminAccount => ({
    id: row.id,
    email: row.email,
    status: row.status,
    state: stateOf(row),
    is_admin: row.role === 'admin',
    is_self: row.id === operatorId,
    username: row.username,
    name: row.name,
    created_at: iso(row.createdAt),
    activated_at: iso(row.activatedAt),
    deactivated_at: iso(row.deactivatedAt),
    taken_down_at: iso(row.takenDownAt),
    takedown_reason: row.takedownReason,
    cards: cardsByAccount.get(row.id) ?? [],
    two_factor: { app: Boolean(row.app), passkeys: row.passkeys },
  }));
  return { accounts, total: counted?.n ?? 0, page, page_size: ADMIN_PAGE_SIZE };
}
