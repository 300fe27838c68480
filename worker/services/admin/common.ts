import { eq, sql } from 'drizzle-orm';
import { cards, sessions, users } from '../../db/schema';
import type { Db } from '../../env';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../operator-statements';
import { primaryCardOf } from '../card-owner';

// What every console action starts from (docs/operating.md: the console): who acts, on whom.

export const ACCOUNT_NOT_FOUND = 'Account not found';
export const NOT_YOURSELF = 'You cannot do this to your own account.';
export const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

export type Target = {
  id: string;
  email: string;
  status: 'active' | 'pending' | 'deleted';
  activatedAt: number | null;
  deactivatedAt: number | null;
  /** The primary card's, which names the account in the audit log. */
  username: string | null;
  /** Whether the account ever signed in (a session exists): proof it was active once. */
  signedIn: boolean;
};

/** The account an action names, refusing a missing one (404) and the operator's own (403). */
export async function target(db: Db, id: string, actor: Actor | null): Promise<Target> {
  const row = await db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      activatedAt: users.activatedAt,
      deactivatedAt: users.deactivatedAt,
      username: cards.username,
      signedIn: sql<number>`EXISTS (SELECT 1 FROM ${sessions} WHERE ${sessions.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(cards, primaryCardOf(users.id))
    .where(eq(users.id, id))
    .get();
  if (!row || row.status === 'deleted') throw notFound(ACCOUNT_NOT_FOUND);
  // The console hides every action on the operator's own row; the API refuses them too.
  if (actor && row.id === actor.id) throw new AppError(403, NOT_YOURSELF);
  return { ...row, signedIn: Boolean(row.signedIn) };
}

/**
 * Whether the account was ever let in. Reject deletes, so it is for sign-ups only: the first
 * activation is recorded, and a session or a deactivation is proof enough for accounts from
 * before that record (and for one changed by older code while a deploy was under way).
 */
export const everActive = (who: Target) =>
  who.status === 'active' || who.activatedAt != null || who.deactivatedAt != null || who.signedIn;

export async function actorOf(db: Db, userId: string): Promise<Actor> {
  const row = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw notFound();
  return row;
}

/** LIMIT and OFFSET of a 1-based page. */
export const pageOf = (page: number, size: number) => ({ limit: size, offset: (page - 1) * size });
