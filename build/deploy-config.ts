import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { countBinding, DEFAULT_COUNTING_DATABASES } from '../worker/lib/count-shards';

// What the tracked wrangler.toml leaves to each deployment lives in an untracked
// `deploy.config.json` (docs/deploying.md; `deploy.config.example.json` shows its shape), and the
// build writes it into the Worker's built config: the number of counting databases, the route,
// the vars, and the ids of resources an operator already has. Without the file, or without ids,
// wrangler finds or creates every resource by its name on deploy (docs/decisions/0088).
// `DEPLOY_CONFIG` names another file, or `none` for a local build (scripts/start.ts), which never
// takes an account's ids: the embedded state is found by the bindings' names.

export type DeployConfig = {
  /**
   * How many counting databases (docs/decisions/0071, 0088): COUNTS_0 ... COUNTS_{n-1}, named
   * cardlink-counts-<n>. Only raised: a card keeps the database its profile names.
   */
  counting_databases?: number;
  /** The accounts database of your own (`wrangler d1 create` answers it); without it, `cardlink`. */
  d1_database_id?: string;
  /** Counting databases of your own, COUNTS_0 first; as many as `counting_databases` at most. */
  counts_database_ids?: string[];
  /** The KV namespace of your own; without it, the first deploy creates `cardlink-events`. */
  kv_namespace_id?: string;
  /** The card's own host name (README, Decisions: the card cache and the visitor bounds need one). */
  routes?: { pattern: string; custom_domain?: boolean; zone_name?: string }[];
  /** Run-time settings that differ from wrangler.toml's (MAIL_FROM, SUPPORT_EMAIL, REQUIRE_ACTIVATION, ...). */
  vars?: Record<string, string>;
  /** The cron's schedule, instead of every minute (docs/deploying.md: the Free plan's KV lists). */
  crons?: string[];
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KV_ID = /^[0-9a-f]{32}$/i;
// The reserved example domains (RFC 2606): a value at one of them is still the example's.
const EXAMPLE = /(?:^|[.@\s<])example\.(?:com|org|net)\b/i;
const KNOWN = new Set([
  'counting_databases',
  'd1_database_id',
  'counts_database_ids',
  'kv_namespace_id',
  'routes',
  'vars',
  'crons',
]);

/**
 * Every problem of a deploy.config.json, each naming its field: unknown fields, ids that are not
 * ids, values still the example's (deploy.config.example.json copied as is), a size below the ids.
 */
export function deployConfigProblems(parsed: unknown): string[] {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return ['the file must hold one JSON object (deploy.config.example.json shows its shape)'];
  const config = parsed as Record<string, unknown>;
  const problems: string[] = [];
  const example = (field: string, value: string) =>
    problems.push(`"${field}" is still the example's value (${value}): put your own, or leave the field out`);
  for (const key of Object.keys(config))
    if (!KNOWN.has(key)) problems.push(`"${key}" is not a setting this file takes`);
  const id = (field: string, value: unknown, shape: RegExp, what: string) => {
    if (typeof value === 'string' && shape.test(value)) return;
    if (typeof value === 'string' && /printed by|wrangler/i.test(value)) example(field, value);
    else problems.push(`"${field}" must be ${what} (or leave the field out: the deploy creates or finds it by name)`);
  };
  if (config.d1_database_id !== undefined)
    id('d1_database_id', config.d1_database_id, UUID, 'a D1 database id (a UUID)');
  if (config.kv_namespace_id !== undefined)
    id('kv_namespace_id', config.kv_namespace_id, KV_ID, 'a KV namespace id (32 hexadecimal characters)');
  const ids = config.counts_database_ids;
  if (ids !== undefined) {
    if (!Array.isArray(ids) || ids.length === 0)
      problems.push('"counts_database_ids" must list database ids, COUNTS_0 first');
    else {
      ids.forEach((value, n) => id(`counts_database_ids[${n}]`, value, UUID, 'a D1 database id (a UUID)'));
      if (new Set(ids).size !== ids.length)
        problems.push('"counts_database_ids" names one database twice: each needs its own');
    }
  }
  const size = config.counting_databases;
  if (size !== undefined) {
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > 1000)
      problems.push('"counting_databases" must be a whole number from 1');
    else if (Array.isArray(ids) && ids.length > size)
      problems.push(
        `"counting_databases" is ${size} but "counts_database_ids" lists ${ids.length}: cards are counted in every one of them, so none can be left out`,
      );
  }
  const routes = config.routes;
  if (routes !== undefined) {
    if (!Array.isArray(routes)) problems.push('"routes" must be a list of routes');
    else
      routes.forEach((route: unknown, n) => {
        const pattern = (route as { pattern?: unknown } | null)?.pattern;
        if (typeof pattern !== 'string' || !pattern) problems.push(`"routes[${n}].pattern" must be a host name`);
        else if (EXAMPLE.test(pattern)) example(`routes[${n}].pattern`, pattern);
      });
  }
  const vars = config.vars;
  if (vars !== undefined) {
    if (typeof vars !== 'object' || vars === null || Array.isArray(vars)) problems.push('"vars" must be an object');
    else
      for (const [name, value] of Object.entries(vars)) {
        if (typeof value !== 'string') problems.push(`"vars.${name}" must be a string`);
        else if (EXAMPLE.test(value)) example(`vars.${name}`, value);
      }
  }
  const crons = config.crons;
  if (
    crons !== undefined &&
    (!Array.isArray(crons) || crons.length === 0 || !crons.every((c) => typeof c === 'string'))
  )
    problems.push('"crons" must list at least one cron expression');
  return problems;
}

export function readDeployConfig(path: string): DeployConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not JSON: ${String(error)}`, { cause: error });
  }
  const problems = deployConfigProblems(parsed);
  if (problems.length > 0) throw new Error(`${path}:\n- ${problems.join('\n- ')}`);
  return parsed as DeployConfig;
}

/**
 * How many counting databases the build binds: the deploy config's size (or its ids' count), or
 * for a local build the size scripts/start.ts asks for (`COUNTING_DATABASES`, so local state
 * counted in more databases keeps them), else the default.
 */
export function countingDatabases(deploy: DeployConfig | null, env: NodeJS.ProcessEnv = process.env): number {
  if (deploy) return deploy.counting_databases ?? deploy.counts_database_ids?.length ?? DEFAULT_COUNTING_DATABASES;
  const local = Number(env.COUNTING_DATABASES);
  return Number.isInteger(local) && local >= 1 ? local : DEFAULT_COUNTING_DATABASES;
}

type D1Binding = { binding: string; database_id?: string; database_name?: string; migrations_dir?: string };
type BuiltConfig = {
  d1_databases?: D1Binding[];
  kv_namespaces?: { binding: string; id?: string }[];
  routes?: unknown[];
  vars?: Record<string, unknown>;
  triggers?: { crons?: string[] };
};

/**
 * Binds `size` counting databases, COUNTS_1 on made like wrangler.toml's COUNTS_0 (its migrations,
 * its name with the number changed), and puts the account's ids, routes, vars and cron in place.
 * In place: the plugin merges a returned object into the config with defu, which would append to
 * the binding lists (two DB bindings) instead of replacing them.
 */
export function applyDeployConfig(config: BuiltConfig, deploy: DeployConfig | null, size: number): void {
  const databases = config.d1_databases ?? [];
  const first = databases.find((db) => db.binding === countBinding(0));
  if (!first) throw new Error('wrangler.toml has no COUNTS_0 binding');
  const others = databases.filter((db) => !db.binding.startsWith('COUNTS_'));
  const prefix = (first.database_name ?? 'cardlink-counts-0').replace(/\d+$/, '');
  const counting = Array.from({ length: size }, (_, n) =>
    n === 0 ? first : { ...first, binding: countBinding(n), database_name: `${prefix}${n}` },
  );
  config.d1_databases = [...others, ...counting];
  if (!deploy) return;
  for (const db of config.d1_databases) {
    if (db.binding === 'DB' && deploy.d1_database_id) db.database_id = deploy.d1_database_id;
    const n = /^COUNTS_(\d+)$/.exec(db.binding)?.[1];
    const id = n === undefined ? undefined : deploy.counts_database_ids?.[Number(n)];
    if (id) db.database_id = id;
  }
  for (const kv of config.kv_namespaces ?? [])
    if (kv.binding === 'EVENTS' && deploy.kv_namespace_id) kv.id = deploy.kv_namespace_id;
  if (deploy.routes) config.routes = deploy.routes;
  if (deploy.crons) config.triggers = { ...config.triggers, crons: deploy.crons };
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
