import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { DAY_MS } from '@shared/constants';
import { authAttempts } from '../db/schema';
import { statement } from '../db/client';
import type { Db } from '../env';
import { noteLimits, noteReleased, policyName } from '../lib/rate-limit';

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
const below = (subject: Subject, { windowMs, max }: Bound, now: number) =>
  sql`${recent(subject, windowMs, now)} < ${max}`;

/** One bound on one subject: at most `max` attempts of `kind` by `subject` in `windowMs`. */
export type Limit = Subject & Bound;

/**
 * Kinds whose subject is an address anyone may type (not the caller's own network, device or
 * account): their state is never advertised in the answer's RateLimit fields, so nobody learns
 * how often someone else's address was tried, and a refusal by them answers the whole window
 * as Retry-After rather than when the others' attempts run out (docs/decisions/0090).
 */
const SOMEONE_ELSES: ReadonlySet<AttemptKind> = new Set([
  'login_failure',
  'reset_mail',
  'otp_failure',
  'otp_failure_day',
]);

/**
 * Up to `max` of the subject's newest attempts in each limit's window, newest first: enough to
 * say how many are left and when the next one frees, in the same statement for every limit.
 */
const newest = (limits: Limit[], now: number) =>
  sql.join(
    limits.map(
      ({ kind, subject, windowMs, max }, i) =>
        sql`SELECT ${i} AS bound, created_at FROM (SELECT ${authAttempts.createdAt} AS created_at FROM ${authAttempts} WHERE ${authAttempts.kind} = ${kind} AND ${authAttempts.subject} = ${subject} AND ${authAttempts.createdAt} >= ${now - windowMs} ORDER BY ${authAttempts.createdAt} DESC LIMIT ${max})`,
    ),
    sql` UNION ALL `,
  );

/** Each limit after this request: how many are left, and when the oldest attempt that counts frees a place. */
function statesOf(limits: Limit[], rows: { bound: number; created_at: number }[], now: number) {
  return limits.map((limit, i) => {
    const times = rows.filter((row) => row.bound === i).map((row) => row.created_at);
    const oldest = times.length > 0 ? Math.min(...times) : null;
    const frees = oldest === null ? limit.windowMs : Math.max(0, oldest + limit.windowMs - now);
    return { limit, remaining: Math.max(0, limit.max - times.length), resetSeconds: Math.ceil(frees / 1000) };
  });
}

/**
 * Records one attempt under each limit's subject only while every limit has room, in one
 * statement, so that parallel requests cannot slip past a bound between a count and an insert
 * (SQLite runs statements one at a time); the same batch reads each limit's state, which the
 * answer's RateLimit fields and a refusal's Retry-After are made from (lib/rate-limit.ts).
 * Answers the new rows' ids (one per subject, in the order the limits first name them), or null
 * when a bound is full.
 */
export async function reserveAttempts(db: Db, limits: Limit[], now = Date.now()) {
  const subjects = [...new Map(limits.map(({ kind, subject }) => [`${kind}\n${subject}`, { kind, subject }])).values()];
  const values = sql.join(
    subjects.map(({ kind, subject }) => sql`(${kind}, ${subject})`),
    sql`, `,
  );
  const condition = sql.join(
    limits.map((limit) => below(limit, limit, now)),
    sql` AND `,
  );
  const [inserted, recentRows] = await db.batch([
    statement(
      db,
      sql`INSERT INTO ${authAttempts} (kind, subject, created_at) SELECT column1, column2, ${now} FROM (VALUES ${values}) WHERE ${condition} RETURNING id`,
    ),
    statement(db, newest(limits, now)),
  ]);
  const ids = (inserted.results as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
  const states = statesOf(limits, recentRows.results as { bound: number; created_at: number }[], now);
  const reservation = (limit: Limit) =>
    ids[subjects.findIndex((s) => s.kind === limit.kind && s.subject === limit.subject)];
  const advertised = states
    .filter(({ limit }) => !SOMEONE_ELSES.has(limit.kind))
    .map(({ limit, remaining, resetSeconds }) => ({
      policy: policyName(limit.kind, limit.windowMs),
      quota: limit.max,
      windowSeconds: Math.round(limit.windowMs / 1000),
      remaining,
      resetSeconds,
      ...(ids.length > 0 ? { reservation: reservation(limit) } : {}),
    }));
  if (ids.length > 0) {
    noteLimits(advertised);
    return ids;
  }
  // Refused: the client may try again once every full bound has a place again.
  const waits = states
    .filter(({ remaining }) => remaining === 0)
    .map(({ limit, resetSeconds }) =>
      SOMEONE_ELSES.has(limit.kind) ? Math.ceil(limit.windowMs / 1000) : resetSeconds,
    );
  noteLimits(advertised, Math.max(1, ...waits));
  return null;
}

/** One subject, every bound its own: the common case. Answers the row id, or null when full. */
export async function reserveAttempt(db: Db, kind: AttemptKind, subject: string, bounds: Bound[], now = Date.now()) {
  const ids = await reserveAttempts(
    db,
    bounds.map((bound) => ({ kind, subject, ...bound })),
    now,
  );
  return ids?.[0] ?? null;
}

/** Gives reserved attempts back (the try succeeded, so it was no failure). */
export function releaseAttempts(db: Db, ids: number | number[]) {
  const list = Array.isArray(ids) ? ids : [ids];
  noteReleased(list);
  return db.delete(authAttempts).where(inArray(authAttempts.id, list));
}
export const releaseAttempt = releaseAttempts;

/** `onlyIf`: for a batch whose earlier statement decides whether this one applies. */
export const clearAttempts = (db: Db, kind: AttemptKind, subject: string, onlyIf?: SQL) =>
  db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.subject, subject), onlyIf));

/** Rows older than a day bound nothing any more; dropped by the scheduled job. */
export const pruneAttempts = (db: Db, now = Date.now()) =>
  db.delete(authAttempts).where(lt(authAttempts.createdAt, now - DAY_MS));
