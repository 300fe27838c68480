import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inlineSql, offlineDb } from '../worker/db/render.ts';
import { countBinding, countShards } from '../worker/lib/count-shards.ts';
import { seedQueries } from '../worker/db/seed.ts';
import { builtConfigProblems, type BuiltConfig } from './deploy-checks.ts';
import { localCountingDatabases, upgradeLocalState } from './local-state.ts';

/** The embedded D1/R2/KV state; STATE_DIR points it elsewhere (the browser tests use a fresh one). */
export const STATE_DIR = process.env.STATE_DIR || '.wrangler/state';

/** Runs a command from node_modules/.bin (npm scripts put it on PATH), failing loudly. */
export function run(command: string, args: string[], options: { quiet?: boolean } = {}) {
  const result = spawnSync(command, args, { stdio: options.quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (result.status !== 0) {
    if (options.quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  }
  return result.stdout ?? '';
}

export function spawnLong(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
  return child;
}

/** `--local` (embedded state) or `--remote` (the deployed database). */
export type Target = '--local' | '--remote';

/**
 * The built Worker's config: wrangler.toml with what deploy.config.json adds (build/deploy-config.ts).
 * Remote commands always name it, since it holds the deployment's bindings; local ones use a
 * config of their own (below), so an account's ids never decide which local files are opened.
 */
export const BUILT_CONFIG = 'dist/cardlink/wrangler.json';

const persist = (target: Target, dir = STATE_DIR) =>
  target === '--local' ? ['--persist-to', dir, '--config', localConfig(dir)] : ['--config', remoteConfig()];

function remoteConfig() {
  if (!existsSync(BUILT_CONFIG))
    throw new Error(`${BUILT_CONFIG} is missing: build first (npm run build, with deploy.config.json in place)`);
  const problems = builtConfigProblems(JSON.parse(readFileSync(BUILT_CONFIG, 'utf8')) as BuiltConfig).errors;
  if (problems.length > 0) throw new Error(`${BUILT_CONFIG} cannot reach production:\n- ${problems.join('\n- ')}`);
  return BUILT_CONFIG;
}

/** The D1 bindings of a built config: the accounts database, then each counting database bound. */
export function d1Bindings(config: BuiltConfig) {
  const bound = Object.fromEntries((config.d1_databases ?? []).map((db) => [db.binding, db]));
  return ['DB', ...countShards(bound).map(countBinding)];
}

const localConfigs = new Map<string, string>();

/**
 * The config local wrangler commands run with: the accounts database and as many counting
 * databases as the state counts in (scripts/local-state.ts), without ids, so each is the file
 * `npm start` serves. Made once per state directory and process, after the state's one-time
 * upgrade from the names earlier releases gave its files.
 */
export function localConfig(dir = STATE_DIR) {
  const known = localConfigs.get(dir);
  if (known) return known;
  const moved = upgradeLocalState(dir);
  if (moved.length > 0)
    console.log(`Local state in ${dir}: ${moved.join(', ')} renamed to the names wrangler now uses.`);
  const toml = readFileSync('wrangler.toml', 'utf8');
  const field = (name: string) => new RegExp(`^${name} = "([^"]+)"`, 'm').exec(toml)?.[1];
  const size = localCountingDatabases(dir);
  const config = {
    name: field('name'),
    compatibility_date: field('compatibility_date'),
    d1_databases: [
      { binding: 'DB', database_name: 'cardlink', migrations_dir: resolve('migrations') },
      ...Array.from({ length: size }, (_, n) => ({
        binding: countBinding(n),
        database_name: `cardlink-counts-${n}`,
        migrations_dir: resolve('migrations-counts'),
      })),
    ],
  };
  const file = join(mkdtempSync(join(tmpdir(), 'cardlink-local-config-')), 'wrangler.json');
  writeFileSync(file, JSON.stringify(config));
  localConfigs.set(dir, file);
  return file;
}

/**
 * Applies the migrations of every D1 binding (each binding's `migrations_dir`): remotely those of
 * the built config, locally the accounts database and each counting database the state counts in.
 * `dir`: another local state than STATE_DIR (the bench's cold start makes a fresh one).
 */
export function applyMigrations(target: Target, dir = STATE_DIR) {
  // Locally the counting databases are migrated together in one process (its header says why).
  const bindings =
    target === '--local' ? ['DB'] : d1Bindings(JSON.parse(readFileSync(remoteConfig(), 'utf8')) as BuiltConfig);
  for (const binding of bindings)
    run('wrangler', ['d1', 'migrations', 'apply', binding, target, ...persist(target, dir)], {
      quiet: dir !== STATE_DIR,
    });
  if (target === '--local')
    run(
      process.execPath,
      ['--import', './scripts/resolve.ts', 'scripts/migrate-counts-local.ts', dir, String(localCountingDatabases(dir))],
      { quiet: dir !== STATE_DIR },
    );
}

export function seedCatalogue(target: Target, dir = STATE_DIR) {
  const file = join(mkdtempSync(join(tmpdir(), 'cardlink-seed-')), 'seed.sql');
  writeFileSync(
    file,
    seedQueries(offlineDb)
      .map((statement) => `${inlineSql(statement)};`)
      .join('\n'),
  );
  run('wrangler', ['d1', 'execute', 'DB', target, ...persist(target, dir), '--file', file, '--yes'], { quiet: true });
}

/** Runs a file of SQL against D1 (`binding`: the accounts database, or a counting one). */
export function executeFile(target: Target, file: string, binding = 'DB', dir = STATE_DIR) {
  run('wrangler', ['d1', 'execute', binding, target, ...persist(target, dir), '--file', file, '--yes'], {
    quiet: true,
  });
}

/** Runs SQL against D1 (`binding`: the accounts database, or a counting one) and answers the rows of its (last) statement. */
export function query<T = Record<string, unknown>>(target: Target, sql: string, binding = 'DB', dir = STATE_DIR): T[] {
  const out = run('wrangler', ['d1', 'execute', binding, target, ...persist(target, dir), '--json', '--command', sql], {
    quiet: true,
  });
  const parsed = JSON.parse(out) as { results: T[] }[];
  return parsed.at(-1)?.results ?? [];
}
