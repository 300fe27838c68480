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
import { isUnavailable } from '../lib/unavailable';
import * as schema from './schema';
import { noteWrite, writesCard } from './write-generation';

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
  const client = retryingReads(d1 as D1Database);
  const session = new SQLiteD1Session(client, dialect, relational, {});
  return Object.assign(new DrizzleD1Database('async', dialect, session, relational) as Db, { $client: client });
}

const READ = /^\s*(?:select|with)\b/i;
const CARD_WRITE = Symbol('writes the card');
const RETRY_MS = 100;

/**
 * D1 asks clients to retry what failed for a transient reason (its errors: 'Network connection
 * lost', 'Internal error', a reset object): a read (one SELECT) is tried once more after a moment,
 * since reading twice changes nothing. A write is never retried here: it may have gone through.
 * A write to a table the card is drawn from is noted (db/write-generation.ts) when prepared and
 * again when it settles, so a card memoized in between is dropped as well.
 */
function retryingReads(d1: D1Database): D1Database {
  const again = <T>(read: () => Promise<T>) =>
    read().catch(async (error: unknown) => {
      if (!isUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      return read();
    });
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const read = READ.test(query);
    const card = !read && writesCard(query);
    if (card) noteWrite();
    if (!read && !card) return statement;
    return new Proxy(statement, {
      get(target, key) {
        if (key === CARD_WRITE) return card;
        if (key === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), query);
        if (key === 'all' || key === 'raw' || key === 'first' || key === 'run')
          return (...args: unknown[]) => {
            const call = () => (target[key] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            if (card) return call().finally(noteWrite);
            return key === 'run' ? call() : again(call);
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
  return new Proxy(d1, {
    get(target, key) {
      if (key === 'prepare') return (query: string) => wrap(target.prepare(query), query);
      // A batch's writes land when it settles: a read memoized while it ran is dropped then too.
      if (key === 'batch')
        return (statements: D1PreparedStatement[]) => {
          const batch = target.batch(statements);
          const card = statements.some((s) => (s as unknown as Record<symbol, boolean>)[CARD_WRITE]);
          return card ? batch.finally(noteWrite) : batch;
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
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
