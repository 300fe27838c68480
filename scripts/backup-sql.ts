// The SQL of a backup and a restore (scripts/backup.ts), the same for the deployment and the local
// state: what an export holds, and the statements that turn a database into the export's copy.
import { unstable_splitSqlQuery } from 'wrangler';

/** Rows per table (every table it creates, 0 for an empty one) and the applied migrations, read from a `wrangler d1 export`. */
export function contentsOf(sql: string) {
  const rows: Record<string, number> = {};
  const migrations: string[] = [];
  // drizzle-kit writes `name`, SQLite's own rewrites "name"; wrangler adds IF NOT EXISTS to the latter.
  for (const match of sql.matchAll(/^CREATE TABLE (?:IF NOT EXISTS )?(?:`([^`]+)`|"((?:[^"]|"")+)"|(\w+))/gm))
    rows[match[1] ?? match[2]?.replaceAll('""', '"') ?? match[3]!] = 0;
  for (const match of sql.matchAll(/^INSERT INTO "((?:[^"]|"")+)" \(.*?\) VALUES\((.*)\);$/gm)) {
    const table = match[1]!.replaceAll('""', '"');
    if (table === 'sqlite_sequence') continue;
    rows[table] = (rows[table] ?? 0) + 1;
    if (table === 'd1_migrations') migrations.push(/^\d+,'((?:[^']|'')*)'/.exec(match[2]!)?.[1] ?? '?');
  }
  return { rows, migrations };
}

/** A table, view or trigger of a database, as sqlite_master names it (with its SQL: a table's names what it references). */
export type SchemaObject = { type: string; name: string; sql?: string | null };

export const SCHEMA_QUERY = "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view', 'trigger')";

/**
 * The tables in an order to drop them: each after every table that references it, since a table's
 * DROP deletes its rows and checks their foreign keys against the tables they name. A cycle, if
 * ever, is dropped as listed.
 */
export function dropOrder(tables: SchemaObject[]): string[] {
  const references = new Map(
    tables.map((table) => [
      table.name,
      new Set(
        [...(table.sql ?? '').matchAll(/REFERENCES\s+[`"]?([^`"\s(]+)[`"]?/gi)]
          .map((match) => match[1]!)
          .filter((name) => name !== table.name),
      ),
    ]),
  );
  const left = tables.map((table) => table.name);
  const order: string[] = [];
  while (left.length > 0) {
    const referenced = new Set(left.flatMap((name) => [...(references.get(name) ?? [])]));
    const free = left.filter((name) => !referenced.has(name));
    const next = free.length > 0 ? free : [left[0]!];
    for (const name of next) left.splice(left.indexOf(name), 1);
    order.push(...next);
  }
  return order;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The statements that turn a database into the export's copy: every table and view of the present
 * dropped (D1's own `_cf_` tables and SQLite's stay; an export leaves them out too), then the
 * export's tables, their rows, and their indexes, triggers and views. An export lists tables in
 * the order they were made, so a rebuilt table can come before the table it references, and an
 * INSERT into it then fails ('no such table') whatever the deferred foreign keys: every table is
 * made before any row goes in. The foreign keys themselves are checked once everything is back.
 * The present's triggers go first: dropping a table deletes its rows, whose cascades would fire
 * a trigger on another table that names a table already dropped (the cards' mirrors of
 * docs/decisions/0091); the export's come back after its rows, so the rows go in as they were.
 */
export function restoreStatements(present: SchemaObject[], exported: string): string[] {
  const mine = present.filter((o) => !o.name.startsWith('_cf_') && !o.name.startsWith('sqlite_'));
  const statements = unstable_splitSqlQuery(exported).filter((statement) => !/^PRAGMA /i.test(statement));
  const kind = (statement: string) =>
    /^CREATE TABLE /i.test(statement) ? 0 : /^(INSERT|DELETE) /i.test(statement) ? 1 : 2;
  return [
    'PRAGMA defer_foreign_keys=TRUE',
    ...mine.filter((o) => o.type === 'trigger').map((o) => `DROP TRIGGER IF EXISTS ${quote(o.name)}`),
    ...mine.filter((o) => o.type === 'view').map((o) => `DROP VIEW IF EXISTS ${quote(o.name)}`),
    ...dropOrder(mine.filter((o) => o.type === 'table')).map((name) => `DROP TABLE IF EXISTS ${quote(name)}`),
    ...[0, 1, 2].flatMap((k) => statements.filter((statement) => kind(statement) === k)),
  ];
}

/**
 * One question answering every table's rows as one row, a column per table (D1 refuses a
 * compound SELECT of a database's 30-odd tables), to compare with the manifest after a restore.
 */
export const countQuery = (tables: string[]) =>
  `SELECT ${tables.map((t) => `(SELECT count(*) FROM ${quote(t)}) AS ${quote(t)}`).join(', ')}`;
