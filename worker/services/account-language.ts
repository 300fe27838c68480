import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Language } from '@shared/i18n/languages';
import { users } from '../db/schema';
import type { Db } from '../env';
import { notFound } from '../lib/errors';

// The account's language (docs/product.md §8): the dashboard's and the e-mails'. The one the
// account chose, else its primary card's, which was the account's until a card's language became
// the card's own: an account of before speaks as it did until it chooses
// (docs/decisions/0091-cards-apart-from-accounts.md). English when neither is known.

/**
 * The account's language, in a query that reads `users` under its own name. The outer columns are
 * written out with their table: drizzle names a column of a one-table query bare ("id"), which
 * inside the subquery would be the card's own id, and would answer any old card's language.
 */
export const accountLanguage = sql<Language>`coalesce(${users.language},
  (SELECT own.language FROM cards own WHERE own.user_id = "users"."id" AND own.is_primary = 1), 'en')`;

/** The account's language as a value of its own, for a statement that does not read `users`. */
export const accountLanguageOf = (accountId: string | SQLWrapper) =>
  sql<Language>`coalesce((SELECT language FROM users WHERE id = ${accountId}),
    (SELECT language FROM cards WHERE user_id = ${accountId} AND is_primary = 1), 'en')`;

/** Sets the account's language; no card's changes (each card keeps the language its visitors read). */
export async function setAccountLanguage(db: Db, accountId: string, language: Language) {
  const changed = await db
    .update(users)
    .set({ language, updatedAt: Date.now() })
    .where(eq(users.id, accountId))
    .returning({ id: users.id });
  if (changed.length === 0) throw notFound('User not found');
}
