import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import type { SQLiteSession } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';
import * as schema from './schema';

/** The drizzle database over D1 (or one of its sessions): how services write SQL. */
export const createDb = (d1: D1Database | D1DatabaseSession): Db =>
  // A session answers prepare and batch exactly as the database does, which is all drizzle calls.
  drizzle(d1 as D1Database, { schema });

type Session = SQLiteSession<'async', D1Result, typeof schema, never>;

/**
 * `db.run(statement)` that may go into `db.batch`, its result D1's own (rows as objects, meta).
 * Drizzle's D1 batch binds parameters only on statements it prepared itself, and a `sql`
 * template passed to `db.run` is prepared only when run alone; so the statement is prepared
 * here through drizzle's own session, exactly as the query builder's statements are.
 */
export function statement(db: Db, query: SQL) {
  const raw = db.run(query);
  const prepared = (db as unknown as { session: Session }).session.prepareQuery(
    raw.getQuery(),
    undefined,
    'run',
    false,
  );
  return Object.assign(raw, { _prepare: () => prepared });
}
