import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineSql, offlineDb } from '../worker/db/render.ts';
import { countBinding, countShards } from '../worker/lib/count-shards.ts';
import { seedQueries } from '../worker/db/seed.ts';
import { builtConfigProblems, type BuiltConfig } from './deploy-checks.ts';

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
 * The built Worker's config: wrangler.toml with the account's ids from deploy.config.json
 * (build/deploy-config.ts). Remote commands always name it, since wrangler.toml's ids are
 * placeholders; local ones use the embedded state.
 */
export const BUILT_CONFIG = 'dist/cardlink/wrangler.json';

const persist = (target: Target, dir = STATE_DIR) =>
  target === '--local' ? ['--persist-to', dir] : ['--config', remoteConfig()];

function remoteConfig() {
  if (!existsSync(BUILT_CONFIG))
    throw new Error(`${BUILT_CONFIG} is missing: build first (npm run build, with deploy.config.json in place)`);
  const problems = builtConfigProblems(JSON.parse(readFileSync(BUILT_CONFIG, 'utf8')) as BuiltConfig).errors;
  if (problems.length > 0) throw new Error(`${BUILT_CONFIG} cannot reach production:\n- ${problems.join('\n- ')}`);
  return BUILT_CONFIG;
}

/** Every D1 binding with migrations: the accounts database, then each counting database (docs/decisions/0071). */
export const D1_BINDINGS = ['DB', ...countShards().map(countBinding)];

/**
 * Applies the migrations of every D1 binding (each binding's `migrations_dir` in wrangler.toml).
 * `dir`: another local state than STATE_DIR (the bench's cold start makes a fresh one).
 */
export function applyMigrations(target: Target, dir = STATE_DIR) {
  // Locally the counting databases are migrated together in one process (its header says why).
  const bindings = target === '--local' ? ['DB'] : D1_BINDINGS;
  for (const binding of bindings)
    run('wrangler', ['d1', 'migrations', 'apply', binding, target, ...persist(target, dir)], {
      quiet: dir !== STATE_DIR,
    });
  if (target === '--local')
    run(process.execPath, ['--import', './scripts/resolve.ts', 'scripts/migrate-counts-local.ts', dir], {
      quiet: dir !== STATE_DIR,
    });
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

/** Runs SQL against D1 (`binding`: the accounts database, or a counting one) and answers the rows of its (last) statement. */
export function query<T = Record<string, unknown>>(target: Target, sql: string, binding = 'DB'): T[] {
  const out = run('wrangler', ['d1', 'execute', binding, target, ...persist(target), '--json', '--command', sql], {
    quiet: true,
  });
  const parsed = JSON.parse(out) as { results: T[] }[];
  return parsed.at(-1)?.results ?? [];
}
