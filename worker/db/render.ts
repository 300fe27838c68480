import type { SQLWrapper } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';
import type { Db } from './types';

const dialect = new SQLiteAsyncDialect();

/**
 * A drizzle database bound to no D1: the scripts build the services' statements with it
 * (seed.ts, services/sign-out.ts) and render them with `inlineSql`, never run them through it.
 */
export const offlineDb: Db = drizzle({} as never, { schema });

/**
 * A drizzle query as SQL text with its values inlined by drizzle's own SQLite dialect, for
 * `wrangler d1 execute --command/--file`, which takes no bound parameters (scripts/lib.ts).
 */
export const inlineSql = (query: SQLWrapper) => dialect.sqlToQuery(query.getSQL().inlineParams()).sql;
