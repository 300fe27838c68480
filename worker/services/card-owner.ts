import { and, eq, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { cards } from '../db/schema';

/**
 * The join condition of an account's primary card, the one `/v1/user/*` acts on and what names
 * the account where one card must (docs/decisions/0091-cards-apart-from-accounts.md).
 */
export const primaryCardOf = (accountId: SQLiteColumn | SQL): SQL =>
  and(eq(cards.userId, accountId), eq(cards.isPrimary, true)) as SQL;
