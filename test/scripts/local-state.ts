import { spawnSync } from 'node:child_process';
import { Console } from 'node:console';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { getPlatformProxy, unstable_readConfig } from 'wrangler';

// A local state of its own (STATE_DIR) for the tests of `npm run admin`: its D1 databases opened
// in this process as wrangler.toml binds them, the real migrations applied the way wrangler
// records them, and the script itself run against it in a child process as an operator runs it.

export const repo = fileURLToPath(new URL('../../', import.meta.url));

type Statement = {
  bind(...values: unknown[]): Statement;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
  run(): Promise<unknown>;
};
export type D1 = { prepare(sql: string): Statement; batch(statements: Statement[]): Promise<unknown> };

type D1Binding = { binding: string; database_name?: string; database_id?: string; migrations_dir?: string };
const toml = unstable_readConfig({ config: join(repo, 'wrangler.toml') }) as { d1_databases: D1Binding[] };
/**
 * The state's databases: wrangler.toml's, and two counting databases more, as a deployment that
 * raised `counting_databases` has (made like COUNTS_0), so what must reach every counting
 * database is seen to reach more than the first.
 */
export const COUNTING_DATABASES = 3;
const counting = toml.d1_databases.find((database) => database.binding === 'COUNTS_0')!;
const config = {
  d1_databases: [
    ...toml.d1_databases.filter((database) => !database.binding.startsWith('COUNTS_')),
    ...Array.from({ length: COUNTING_DATABASES }, (_, n) => ({
      ...counting,
      binding: `COUNTS_${n}`,
      database_name: `cardlink-counts-${n}`,
    })),
  ],
};
/** Every D1 binding of the local state, the accounts database first. */
export const BINDINGS = config.d1_databases.map((database) => database.binding);

export const newStateDir = () => mkdtempSync(join(tmpdir(), 'cardlink-state-'));

/** The state's databases, open until `dispose` (close them before a script opens the same files). */
export async function openState(stateDir: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cardlink-state-config-'));
  const path = join(dir, 'wrangler.json');
  const databases = config.d1_databases.map((database) => ({
    binding: database.binding,
    database_name: database.database_name ?? database.binding,
    database_id: database.database_id ?? database.binding,
  }));
  writeFileSync(
    path,
    JSON.stringify({ name: 'cardlink-test-state', compatibility_date: '2026-08-01', d1_databases: databases }),
  );
  const proxy = await getPlatformProxy<Record<string, D1>>({
    configPath: path,
    persist: { path: join(stateDir, 'v3') },
    remoteBindings: false,
  });
  return {
    db: (binding: string) => proxy.env[binding]!,
    dispose: async () => {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Each database's migrations (its `migrations_dir`), recorded in `d1_migrations` as wrangler records them. */
export async function migrate(state: Awaited<ReturnType<typeof openState>>) {
  for (const database of config.d1_databases) {
    if (!database.migrations_dir) continue;
    const db = state.db(database.binding);
    await db
      .prepare(
        'CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
      )
      .run();
    for (const migration of await readD1Migrations(join(repo, database.migrations_dir)))
      await db.batch([
        ...migration.queries.map((query) => db.prepare(query)),
        db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(migration.name),
      ]);
  }
}

/** What the script and the wrangler it runs see: the state, wrangler on PATH, nothing sent away. */
const scriptEnv = (stateDir: string) => ({
  STATE_DIR: stateDir,
  PATH: `${join(repo, 'node_modules/.bin')}:${process.env.PATH}`,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
});

/** `npm run admin -- ...args` on the state: its exit status and everything it printed. */
export function admin(stateDir: string, ...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', join(repo, 'scripts/resolve.ts'), join(repo, 'scripts/admin.ts'), ...args],
    { cwd: repo, encoding: 'utf8', env: { ...process.env, ...scriptEnv(stateDir) }, timeout: 240_000 },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * The same command run in this test file's own process (scripts/admin.ts's `adminCommand`): a
 * command line that only reads and writes accounts prints nothing but its console's lines, and the
 * wrangler it runs for each question is still a process of its own on the state's files. It spares
 * a Node process and the script's modules per command, seconds of CPU in a file of a dozen. Only
 * for a file of one state: the script reads STATE_DIR when it loads. `admin` above runs the
 * command as an operator does, through `npm run admin`'s loader (test/scripts/backup.test.ts).
 */
let stateHere: string | undefined;
export async function adminHere(stateDir: string, ...args: string[]) {
  stateHere ??= stateDir;
  if (stateHere !== stateDir)
    throw new Error(`the script has read STATE_DIR ${stateHere} already; run ${stateDir} with admin()`);
  if (process.cwd() !== resolve(repo))
    throw new Error(`the script reads wrangler.toml from ${repo}, not from ${process.cwd()}`);
  Object.assign(process.env, scriptEnv(stateDir));
  const { adminCommand } = await import('../../scripts/admin');
  const printed = { stdout: '', stderr: '' };
  const sink = (stream: keyof typeof printed) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        printed[stream] += chunk.toString();
        done();
      },
    });
  const own = globalThis.console;
  globalThis.console = new Console({ stdout: sink('stdout'), stderr: sink('stderr') });
  try {
    const status = await adminCommand(args);
    return { status, output: `${printed.stdout}${printed.stderr}` };
  } finally {
    globalThis.console = own;
  }
}
