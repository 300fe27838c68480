import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type ExtractTablesWithRelations,
  type RelationalSchemaConfig,
  type SQL,
} from 'drizzle-orm';
import { DrizzleD1Database, SQLiteD1Session } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect, type SQLiteSession } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';
import * as schema from './schema';

type Tables = ExtractTablesWithRelations<typeof schema>;
let relational: RelationalSchemaConfig<Tables> | undefined;
const dialect = new SQLiteAsyncDialect();

/**
 * The drizzle database over D1 (or one of its sessions): how services write SQL. Assembled as
 * drizzle() does, except that the relational config (a walk over every table and relation of
 * the schema, which drizzle() repeats on every call and which profiled as the largest part of a
 * card view's own JavaScript) is derived once per isolate: every request builds one or two.
 */
export function createDb(d1: D1Database | D1DatabaseSession): Db {
  if (!relational) {
    const tables = extractTablesRelationalConfig<Tables>(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  }
  // A session answers prepare and batch exactly as the database does, which is all drizzle calls.
  const client = d1 as D1Database;
  const session = new SQLiteD1Session(client, dialect, relational, {});
  return Object.assign(new DrizzleD1Database('async', dialect, session, relational) as Db, { $client: client });
}

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
