// What a first deploy lacks, asked of and made through wrangler (scripts/deploy.ts,
// docs/decisions/0088): the Worker's secrets by name, the D1 databases the built config names
// without an id, the KV namespace an earlier deploy created, and the secrets that can be generated.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { BuiltConfig } from './deploy-checks.ts';
import { BUILT_CONFIG } from './lib.ts';

const wrangler = (args: string[], input?: string) =>
  spawnSync('wrangler', [...args, '--config', BUILT_CONFIG], {
    encoding: 'utf8',
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
  });

/**
 * The names of the Worker's secrets; none for a Worker not deployed yet (wrangler answers that it
 * is not found). Any other failure is answered as `error`, with wrangler's output.
 */
export function existingSecrets(worker: string): { names: string[]; error?: string } {
  const result = wrangler(['secret', 'list', '--format', 'json']);
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status === 0) {
    try {
      return { names: (JSON.parse(result.stdout) as { name: string }[]).map((secret) => secret.name) };
    } catch {
      return { names: [], error: output };
    }
  }
  if (output.includes(`Worker "${worker}"`) && /not found/i.test(output)) return { names: [] };
  return { names: [], error: output };
}

/**
 * The D1 bindings whose database the deploy must create: named (no id) and not among the
 * account's databases. Asks the account only when some binding has no id.
 */
export function missingDatabases(config: BuiltConfig): { create: { binding: string; name: string }[]; error?: string } {
  const byName = (config.d1_databases ?? []).flatMap((db) =>
    !db.database_id && db.database_name ? [{ binding: db.binding, name: db.database_name }] : [],
  );
  if (byName.length === 0) return { create: [] };
  const result = wrangler(['d1', 'list', '--json']);
  let existing: { name: string }[];
  try {
    existing = JSON.parse(result.stdout) as { name: string }[];
  } catch {
    return { create: [], error: `${result.stdout ?? ''}${result.stderr ?? ''}` };
  }
  if (result.status !== 0 || !Array.isArray(existing))
    return { create: [], error: `${result.stdout ?? ''}${result.stderr ?? ''}` };
  const names = new Set(existing.map((db) => db.name));
  return { create: byName.filter((db) => !names.has(db.name)) };
}

/**
 * Sets the secret to 48 random bytes (base64), through `wrangler secret put` with the value on its
 * standard input: it is never an argument, never printed, and kept nowhere but in Cloudflare.
 */
export function generateSecret(name: string) {
  const result = wrangler(['secret', 'put', name], randomBytes(48).toString('base64'));
  if (result.status !== 0)
    throw new Error(`wrangler secret put ${name} exited with ${result.status}:\n${result.stdout}${result.stderr}`);
}

/**
 * How many counting databases the deployed accounts database's cards are counted in (the highest
 * `count_shard` plus one); 0 when it has no cards yet, or a schema from before the column. Read
 * from `cards`, which holds every card since cards were apart from accounts (docs/decisions/0091),
 * and from `profiles` when the database is older than that table.
 */
export function countingDatabasesInUse(table: 'cards' | 'profiles' = 'cards'): { used: number; error?: string } {
  const sql = `SELECT coalesce(max(count_shard), -1) + 1 AS n FROM ${table}`;
  const result = wrangler(['d1', 'execute', 'DB', '--remote', '--json', '--command', sql]);
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) {
    if (table === 'cards' && /no such table: cards/i.test(output)) return countingDatabasesInUse('profiles');
    return /no such (table|column)/i.test(output) ? { used: 0 } : { used: 0, error: output };
  }
  try {
    const parsed = JSON.parse(result.stdout) as { results: { n: number }[] }[];
    return { used: Number(parsed.at(-1)?.results[0]?.n ?? 0) };
  } catch {
    return { used: 0, error: output };
  }
}

/**
 * The id of the KV namespace titled `title`, when the account has one. wrangler's provisioning
 * creates `<worker>-events` and later deploys inherit it from the Worker; but a first deploy that
 * stopped after creating it (on a bucket the account could not create yet) left a Worker without
 * the binding, and a second creation of the same title is refused. So the deploy names it.
 */
export function namespaceTitled(title: string): { id?: string; error?: string } {
  const result = wrangler(['kv', 'namespace', 'list']);
  try {
    const namespaces = JSON.parse(result.stdout) as { id: string; title: string }[];
    if (result.status === 0 && Array.isArray(namespaces))
      return { id: namespaces.find((namespace) => namespace.title === title)?.id };
  } catch {
    // not the list: reported below
  }
  return { error: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}
