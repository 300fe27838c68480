import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { DAY_MS } from '@shared/constants';
import { authAttempts } from '../db/schema';
import type { Db } from '../env';

export type AttemptKind = (typeof authAttempts.$inferInsert)['kind'];
type Subject = { kind: AttemptKind; subject: string };
export type Bound = { windowMs: number; max: number };

/**
 * Exact brute-force bounds in D1 (the rate-limit binding is only eventually consistent).
 * Subjects are lower-cased addresses (known account or not), user ids, or client keys.
 */
export async function countAttempts(db: Db, kind: AttemptKind, subject: string, windowMs: number, now = Date.now()) {
  const row = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject), gte(authAttempts.createdAt, now - windowMs)),
    )
    .get();
  return row?.n ?? 0;
}

const recent = ({ kind, subject }: Subject, windowMs: number, now: number) =>
  sql`(SELECT count(*) FROM ${authAttempts} WHERE ${authAttempts.kind} = ${kind} AND ${authAttempts.subject} = ${subject} AND ${authAttempts.createdAt} >= ${now - windowMs})`;

/** The condition "fewer than `max` attempts of this subject in the window". */
export const below = (subject: Subject, { windowMs, max }: Bound, now: number) =>
  sql`${recent(subject, windowMs, now)} < ${max}`;

/** The condition "no attempt of this subject in the window". */
export const noneWithin = (subject: Subject, windowMs: number, now: number) =>
  sql`${recent(subject, windowMs, now)} = 0`;

/**
 * Records one attempt under each subject only while `condition` holds, in one statement, so
 * that parallel requests cannot slip past a bound between a count and an insert (SQLite runs
 * statements one at a time). Answers the new rows' ids, or null when a bound is full.
 */
export async function reserveAttempts(db: Db, subjects: Subject[], condition: SQL, now = Date.now()) {
  const values = sql.join(
    subjects.map(({ kind, subject }) => sql`(${kind}, ${subject})`),
    sql`, `,
  );
  const rows = await db.all<{ id: number }>(
    sql`INSERT INTO ${authAttempts} (kind, subject, created_at) SELECT column1, column2, ${now} FROM (VALUES ${values}) WHERE ${condition} RETURNING id`,
  );
  return rows.length > 0 ? rows.map((row) => row.id) : null;
}

/** One subject, every bound its own: the common case. Answers the row id, or null when full. */
export async function reserveAttempt(db: Db, kind: AttemptKind, subject: string, bounds: Bound[], now = Date.now()) {
  const conditions = sql.join(
    bounds.map((bound) => below({ kind, subject }, bound, now)),
    sql` AND `,
  );
  const ids = await reserveAttempts(db, [{ kind, subject }], conditions, now);
  return ids?.[0] ?? null;
}

/** Gives reserved attempts back (the try succeeded, so it was no failure). */
export const releaseAttempts = (db: Db, ids: number | number[]) =>
  db.delete(authAttempts).where(inArray(authAttempts.id, Array.isArray(ids) ? ids : [ids]));
export const releaseAttempt = releaseAttempts;

/** `onlyIf`: for a batch whose earlier statement decides whether this one applies. */
export const clearAttempts = (db: Db, kind: AttemptKind, subject: string, onlyIf?: SQL) =>
  db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject), onlyIf));

/** Rows older than a day bound nothing any more; dropped by the scheduled job. */
export const pruneAttempts = (db: Db, now = Date.now()) =>
  db.delete(authAttempts).where(lt(authAttempts.createdAt, now - DAY_MS));
