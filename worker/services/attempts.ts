import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
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

type Bound = { windowMs: number; max: number };

const below = (kind: Kind, subject: string, { windowMs, max }: Bound, now: number) =>
  sql`(SELECT count(*) FROM ${authAttempts} WHERE ${authAttempts.kind} = ${kind} AND ${authAttempts.subject} = ${subject} AND ${authAttempts.createdAt} >= ${now - windowMs}) < ${max}`;

/**
 * Records an attempt only while every bound still has room, in one statement, so that
 * parallel requests cannot slip past a bound between a count and an insert (SQLite runs
 * statements one at a time). Answers the new row's id, or null when a bound is full.
 */
export async function reserveAttempt(db: Db, kind: Kind, subject: string, bounds: Bound[], now = Date.now()) {
  const conditions = sql.join(
    bounds.map((bound) => below(kind, subject, bound, now)),
    sql` AND `,
  );
  const row = await db.get<{ id: number } | null>(
    sql`INSERT INTO ${authAttempts} (kind, subject, created_at) SELECT ${kind}, ${subject}, ${now} WHERE ${conditions} RETURNING id`,
  );
  return row?.id ?? null;
}

export const releaseAttempt = (db: Db, id: number) => db.delete(authAttempts).where(eq(authAttempts.id, id));

/** `onlyIf`: for a batch whose earlier statement decides whether this one applies. */
export const clearAttempts = (db: Db, kind: Kind, subject: string, onlyIf?: SQL) =>
  db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject), onlyIf));

/** Rows older than a day bound nothing any more; dropped by the scheduled job. */
export const pruneAttempts = (db: Db, now = Date.now()) =>
  db.delete(authAttempts).where(lt(authAttempts.createdAt, now - 24 * 60 * 60 * 1000));
