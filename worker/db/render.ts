import type { SQLWrapper } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

const dialect = new SQLiteAsyncDialect();

/**
 * A drizzle query as SQL text with its values inlined by drizzle's own SQLite dialect, for
 * `wrangler d1 execute --command/--file`, which takes no bound parameters (scripts/lib.ts).
 */
export const inlineSql = (query: SQLWrapper) => dialect.sqlToQuery(query.getSQL().inlineParams()).sql;
