import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { cards } from '../db/schema';

/**
 * The join condition of an account's primary card, the one `/v1/user/*` acts on and what names
 * the account where one card must (docs/decisions/0091-cards-apart-from-accounts.md).
 */
export const primaryCardOf = (accountId: SQLiteColumn | SQL): SQL =>
  and(eq(cards.userId, accountId), eq(cards.isPrimary, true)) as SQL;

/** The account that holds a card, as a subquery: a row of the card names both (links, contacts). */
export const accountOf = (cardId: string): SQL =>
  sql`(SELECT ${cards.userId} FROM ${cards} WHERE ${cards.id} = ${cardId})`;
