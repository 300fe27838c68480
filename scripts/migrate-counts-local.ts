// Applies migrations-counts/ to every local counting database in one process (scripts/lib.ts runs
// it for `--local`; usage: migrate-counts-local.ts <state dir> <how many>). One `wrangler d1 migrations apply`
// per binding costs a wrangler start-up each (about 4 s on a busy machine), which would make every
// counting database added (docs/decisions/0071) slow `npm start`, the bench and the browser tests;
// here the databases are opened together through wrangler's getPlatformProxy and migrated the way
// wrangler does it: the same files (found by binding name under <state dir>/v3/d1) and the same
// `d1_migrations` table, so wrangler's own apply and this one each see what the other applied.
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { countBinding, DEFAULT_COUNTING_DATABASES } from '../worker/lib/count-shards.ts';

type D1 = {
  prepare(sql: string): { bind(...values: unknown[]): unknown; all(): Promise<{ results: Record<string, unknown>[] }> };
  batch(statements: unknown[]): Promise<unknown>;
};

const stateDir = resolve(process.argv[2] ?? '.wrangler/state');
const migrations = await readD1Migrations(resolve('migrations-counts'));

// Only the counting bindings, without ids: the local files are named by the bindings, as `npm start`'s are.
const size = Number(process.argv[3] ?? DEFAULT_COUNTING_DATABASES);
const toml = readFileSync('wrangler.toml', 'utf8');
const compatibilityDate = /^compatibility_date = "([^"]+)"/m.exec(toml)?.[1];
const databases = Array.from({ length: size }, (_, shard) => ({
  binding: countBinding(shard),
  database_name: `local-${countBinding(shard)}`,
}));
const dir = mkdtempSync(join(tmpdir(), 'cardlink-counts-config-'));
const config = join(dir, 'wrangler.json');
writeFileSync(
  config,
  JSON.stringify({
    name: 'cardlink-counts-migrations',
    compatibility_date: compatibilityDate,
    d1_databases: databases,
  }),
);

const proxy = await getPlatformProxy<Record<string, D1>>({
  configPath: config,
  persist: { path: join(stateDir, 'v3') },
  remoteBindings: false,
});
try {
  await Promise.all(
    databases.map(async ({ binding }) => {
      const db = proxy.env[binding]!;
      await db.batch([
        db.prepare(`CREATE TABLE IF NOT EXISTS "d1_migrations"(
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT UNIQUE,
          applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`),
      ]);
      const applied = new Set((await db.prepare('SELECT name FROM d1_migrations').all()).results.map((r) => r.name));
      const pending = migrations.filter((migration) => !applied.has(migration.name));
      // Each migration and its record in one batch (one transaction), as wrangler applies it.
      for (const migration of pending)
        await db.batch([
          ...migration.queries.map((query) => db.prepare(query)),
          db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(migration.name),
        ]);
      console.log(`${binding}: ${pending.length ? pending.map((m) => m.name).join(', ') : 'up to date'}`);
    }),
  );
} finally {
  await proxy.dispose();
  rmSync(dir, { recursive: true, force: true });
}
