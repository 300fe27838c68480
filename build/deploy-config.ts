import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { COUNT_SHARDS, countBinding, countShards } from '../worker/lib/count-shards';

// The account's own ids, routes and vars live outside the tracked wrangler.toml, in an untracked
// `deploy.config.json` (docs/deploying.md; `deploy.config.example.json` shows its shape), and the
// build writes them into the Worker's built config. `DEPLOY_CONFIG` names another file, or `none`
// for a local build (scripts/start.ts), whose embedded state must keep wrangler.toml's ids.

export type DeployConfig = {
  /** `wrangler d1 create cardlink` answers it. */
  d1_database_id: string;
  /**
   * The counting databases' ids, COUNTS_0 first (docs/decisions/0071): `wrangler d1 create
   * cardlink-counts-<n>` answers each. One per binding in wrangler.toml.
   */
  counts_database_ids: string[];
  /** `wrangler kv namespace create EVENTS` answers it. */
  kv_namespace_id: string;
  /** The card's own host name (README, Decisions: the card cache and the visitor bounds need one). */
  routes?: { pattern: string; custom_domain?: boolean; zone_name?: string }[];
  /** Run-time settings that differ from wrangler.toml's (MAIL_FROM, SUPPORT_EMAIL, REQUIRE_ACTIVATION, ...). */
  vars?: Record<string, string>;
};

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** The file to read, or null when there is none (or `DEPLOY_CONFIG=none`). */
export function deployConfigPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const named = env.DEPLOY_CONFIG;
  if (named === 'none') return null;
  const path = named ? (isAbsolute(named) ? named : resolve(process.cwd(), named)) : join(root, 'deploy.config.json');
  if (named && !existsSync(path)) throw new Error(`DEPLOY_CONFIG names ${path}, which does not exist`);
  return existsSync(path) ? path : null;
}

export function readDeployConfig(path: string): DeployConfig {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<DeployConfig>;
  for (const key of ['d1_database_id', 'kv_namespace_id'] as const) {
    if (typeof parsed[key] !== 'string' || parsed[key] === '')
      throw new Error(`${path}: "${key}" is missing (see deploy.config.example.json)`);
  }
  const counts = parsed.counts_database_ids;
  if (!Array.isArray(counts) || counts.length !== COUNT_SHARDS || !counts.every((id) => typeof id === 'string' && id))
    throw new Error(
      `${path}: "counts_database_ids" must list ${COUNT_SHARDS} database ids, COUNTS_0 first (see deploy.config.example.json)`,
    );
  return parsed as DeployConfig;
}

type BuiltConfig = {
  d1_databases?: { binding: string; database_id?: string }[];
  kv_namespaces?: { binding: string; id?: string }[];
  routes?: unknown[];
  vars?: Record<string, unknown>;
};

/**
 * Puts the account's ids, routes and vars in place of wrangler.toml's placeholders. In place: the
 * plugin merges a returned object into the config with defu, which would append to the binding
 * lists (two DB bindings) instead of replacing their ids.
 */
export function applyDeployConfig(config: BuiltConfig, deploy: DeployConfig): void {
  for (const db of config.d1_databases ?? []) {
    if (db.binding === 'DB') db.database_id = deploy.d1_database_id;
    const shard = countShards().find((n) => db.binding === countBinding(n));
    if (shard !== undefined) db.database_id = deploy.counts_database_ids[shard];
  }
  for (const kv of config.kv_namespaces ?? []) if (kv.binding === 'EVENTS') kv.id = deploy.kv_namespace_id;
  if (deploy.routes) config.routes = deploy.routes;
  config.vars = { ...config.vars, ...deploy.vars };
}

/**
 * Vite's root is web/, so @cloudflare/vite-plugin writes its redirect for wrangler to
 * web/.wrangler/deploy/config.json, where wrangler run from the repository root never looks: a bare
 * `npx wrangler deploy` then bundled worker/index.ts itself and failed. The same redirect, written
 * where wrangler looks, makes `npm run build && npx wrangler deploy` deploy the built Worker.
 */
export const deployRedirect = (): Plugin => ({
  name: 'deploy-redirect',
  apply: 'build',
  closeBundle() {
    const written = join(this.environment.config.root, '.wrangler', 'deploy', 'config.json');
    if (!existsSync(written)) return;
    const from = dirname(written);
    const redirect = JSON.parse(readFileSync(written, 'utf8')) as {
      configPath: string;
      auxiliaryWorkers: { configPath: string }[];
    };
    const target = join(root, '.wrangler', 'deploy');
    const rebase = (path: string) => relative(target, resolve(from, path));
    mkdirSync(target, { recursive: true });
    writeFileSync(
      join(target, 'config.json'),
      JSON.stringify({
        configPath: rebase(redirect.configPath),
        auxiliaryWorkers: redirect.auxiliaryWorkers.map((worker) => ({ configPath: rebase(worker.configPath) })),
      }),
    );
  },
});
