import { and, count, eq, gte, lt } from 'drizzle-orm';
import { authAttempts } from '../db/schema';
import type { Db } from '../env';

type Kind = (typeof authAttempts.$inferInsert)['kind'];

/**
 * Exact brute-force bounds in D1 (the rate-limit binding is only eventually consistent).
 * Attempts are keyed by the lower-cased address, known account or not.
 */
export async function countAttempts(db: Db, kind: Kind, subject: string, windowMs: number, now = Date.now()) {
  const row = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject), gte(authAttempts.createdAt, now - windowMs)),
    )
    .get();
  return row?.n ?? 0;
}

export const recordAttempt = (db: Db, kind: Kind, subject: string, now = Date.now()) =>
  db.insert(authAttempts).values({ kind, subject, createdAt: now });

export const clearAttempts = (db: Db, kind: Kind, subject: string) =>
  db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject)));

/** Rows older than a day bound nothing any more; dropped by the scheduled job. */
export const pruneAttempts = (db: Db, now = Date.now()) =>
  db.delete(authAttempts).where(lt(authAttempts.createdAt, now - 24 * 60 * 60 * 1000));
