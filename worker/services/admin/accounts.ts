import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AccountState } from '@shared/constants';
import type { AccountSearch, AdminAccount, AdminAccountsPage } from '@shared/schemas/admin';
import { passkeys, cards, totpFactors, users } from '../../db/schema';
import type { Db } from '../../env';
import { iso, pageOf } from './common';
import { primaryCardOf } from '../card-owner';

/** The filter of each state (ACCOUNT_STATES); see `stateOf`. */
const STATE_FILTER: Record<AccountState, SQL | undefined> = {
  pending: and(eq(users.status, 'pending'), isNull(users.deactivatedAt)),
  deactivated: and(eq(users.status, 'pending'), isNotNull(users.deactivatedAt)),
  active: and(eq(users.status, 'active'), isNull(cards.takenDownAt)),
  taken_down: and(eq(users.status, 'active'), isNotNull(cards.takenDownAt)),
};

/** An account's state as the console shows it: what the account may do comes before its card. */
export function stateOf(row: {
  status: string;
  deactivatedAt: number | null;
  takenDownAt: number | null;
}): AccountState {
  if (row.status !== 'active') return row.deactivatedAt == null ? 'pending' : 'deactivated';
  return row.takenDownAt == null ? 'active' : 'taken_down';
}

/**
 * A page of accounts (ADMIN_PAGE_SIZE), searched by e-mail or username and filtered by state,
 * with how many match in all. Sign-ups waiting for activation oldest first (a queue), the others
 * newest first; the id breaks ties so pages never overlap.
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
      ? or(sql`${users.email} LIKE ${pattern} ESCAPE '\\'`, sql`${cards.username} LIKE ${pattern} ESCAPE '\\'`)
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
      .leftJoin(cards, primaryCardOf(users.id))
      .where(where),
  ]);
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
    two_factor: { app: Boolean(row.app), passkeys: row.passkeys },
  }));
  return { accounts, total: counted?.n ?? 0, page, page_size: ADMIN_PAGE_SIZE };
}
