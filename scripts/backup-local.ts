// The local side of `npm run admin -- backup | restore` (scripts/backup.ts): every D1 database of
// the embedded state (STATE_DIR) opened together through wrangler's getPlatformProxy, as
// scripts/migrate-counts-local.ts does. `wrangler d1 export --local` cannot be pointed at another
// state directory (it has no --persist-to) and costs a wrangler start-up per database; here the
// export is the statement it runs (miniflare's `PRAGMA miniflare_d1_export`), and the restore is
// what `wrangler d1 execute --local --file` does with the same SQL as the remote restore: split by
// wrangler's own splitter and run as one batch.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { restoreStatements, SCHEMA_QUERY, type SchemaObject } from './backup-sql.ts';
import type { Databases } from './backup.ts';
import { localConfig, STATE_DIR } from './lib.ts';

type Statement = {
  bind(...values: unknown[]): Statement;
  all<T>(): Promise<{ results: T[] }>;
  raw(): Promise<unknown[][]>;
};
type D1 = { prepare(sql: string): Statement; batch(statements: Statement[]): Promise<unknown> };

/**
 * The D1 databases of the local state: the accounts database and every counting database its
 * cards are counted in, as `npm start` binds them (scripts/lib.ts's localConfig, which also
 * renames once the files an earlier release named), so a backup leaves none out.
 */
function configured() {
  const config = JSON.parse(readFileSync(localConfig(STATE_DIR), 'utf8')) as {
    d1_databases: { binding: string; database_name: string }[];
  };
  return config.d1_databases.map((database) => ({ binding: database.binding, database_name: database.database_name }));
}

/** The bindings of the local state's databases. */
export const localBindings = () => configured().map((database) => database.binding);

/** Every database of the local state, opened together until `dispose`. */
export async function localDatabases(): Promise<Databases> {
  const databases = configured();
  const dir = mkdtempSync(join(tmpdir(), 'cardlink-backup-config-'));
  const config = join(dir, 'wrangler.json');
  writeFileSync(
    config,
    JSON.stringify({ name: 'cardlink-backup', compatibility_date: '2026-08-01', d1_databases: databases }),
  );
  const proxy = await getPlatformProxy<Record<string, D1>>({
    configPath: config,
    persist: { path: join(resolve(STATE_DIR), 'v3') },
    remoteBindings: false,
  });
  const db = (binding: string) => proxy.env[binding]!;
  return {
    bindings: databases.map((database) => database.binding),
    exportTo: async (binding, file) => {
      // wrangler's exportLocal: no schema or data left out, every table.
      const dump = await db(binding).prepare('PRAGMA miniflare_d1_export(?,?,?);').bind(false, false).raw();
      const sql = (dump[0] as string[]).join('\n');
      writeFileSync(file, sql);
      return sql;
    },
    // What `wrangler d1 execute --local --file` does with the remote restore's statements: one batch.
    restore: async (binding, exported) => {
      const database = db(binding);
      const present = (await database.prepare(SCHEMA_QUERY).all<SchemaObject>()).results;
      await database.batch(restoreStatements(present, exported).map((statement) => database.prepare(statement)));
    },
    rows: async (binding, sql) => (await db(binding).prepare(sql).all<Record<string, number>>()).results[0] ?? {},
    dispose: async () => {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
