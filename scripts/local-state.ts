// The embedded state of a checkout (.wrangler/state, or STATE_DIR): where workerd keeps each local
// database and namespace, the one-time move of the files an earlier release named, and how many
// counting databases the state's cards are counted in (docs/decisions/0088).
//
// workerd keeps a local D1 database or KV namespace in a file named after its key: the binding's
// id when the config gives one, else the binding's name. Releases before provisioning gave every
// binding an all-zero placeholder id, so their data sits under those keys; wrangler.toml now gives
// no id, so the same data is looked for under the binding names. The files are renamed once,
// before anything opens them, and nothing in them changes.
import { createHash, createHmac } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { countBinding, DEFAULT_COUNTING_DATABASES } from '../worker/lib/count-shards.ts';

/** The keys the releases before provisioning gave their local state (their wrangler.toml's ids). */
export const EARLIER_LOCAL_KEYS: { kind: 'd1' | 'kv'; binding: string; key: string }[] = [
  { kind: 'd1', binding: 'DB', key: '00000000-0000-0000-0000-000000000000' },
  ...Array.from({ length: 16 }, (_, n) => ({
    kind: 'd1' as const,
    binding: countBinding(n),
    key: `00000000-0000-0000-0000-00000000c0${String(n).padStart(2, '0')}`,
  })),
  { kind: 'kv', binding: 'EVENTS', key: '00000000000000000000000000000000' },
];

const OBJECT_CLASS = { d1: 'miniflare-D1DatabaseObject', kv: 'miniflare-KVNamespaceObject' };

/**
 * The file name workerd gives the object of `name` in a namespace keyed `uniqueKey`: its
 * idFromName, an HMAC-SHA256 of the name under the key's SHA-256, followed by an HMAC of that.
 * Checked against the files workerd writes (test/scripts/local-state.test.ts).
 */
export function objectFileName(uniqueKey: string, name: string) {
  const key = createHash('sha256').update(uniqueKey).digest();
  const base = createHmac('sha256', key).update(name).digest().subarray(0, 16);
  const mac = createHmac('sha256', key).update(base).digest().subarray(0, 16);
  return `${Buffer.concat([base, mac]).toString('hex')}.sqlite`;
}

/** The SQLite file of a local D1 database or KV namespace keyed `key`. */
export const localFile = (stateDir: string, kind: 'd1' | 'kv', key: string) =>
  join(stateDir, 'v3', kind, OBJECT_CLASS[kind], objectFileName(OBJECT_CLASS[kind], key));

const SQLITE_PARTS = ['', '-wal', '-shm'];

/**
 * Renames the earlier release's local files to the names workerd now looks for. A state that has
 * both (the new name used before this ran) is refused with both named: nothing is overwritten.
 * Answers the bindings moved.
 */
export function upgradeLocalState(stateDir: string): string[] {
  const moved: string[] = [];
  for (const { kind, binding, key } of EARLIER_LOCAL_KEYS) {
    const from = localFile(stateDir, kind, key);
    const to = localFile(stateDir, kind, binding);
    if (!existsSync(from)) continue;
    if (existsSync(to))
      throw new Error(
        `The local state in ${stateDir} holds ${binding} twice: ${from} (named by an earlier release) and ${to}. ` +
          'Move the one you do not want out of the way (it is a SQLite file) and start again.',
      );
    for (const part of SQLITE_PARTS) if (existsSync(from + part)) renameSync(from + part, to + part);
    // A namespace's values live in a directory named by its key.
    if (kind === 'kv' && existsSync(join(stateDir, 'v3', 'kv', key)))
      renameSync(join(stateDir, 'v3', 'kv', key), join(stateDir, 'v3', 'kv', binding));
    moved.push(binding);
  }
  return moved;
}

/**
 * How many counting databases a local run binds: the default (or `COUNTING_DATABASES` from the
 * environment, to try more), and more when the state's cards are counted in more (the earlier
 * releases had 16): a card's statistics stay where its row says.
 */
export function localCountingDatabases(stateDir: string, env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.COUNTING_DATABASES);
  const least = Number.isInteger(asked) && asked >= 1 ? asked : DEFAULT_COUNTING_DATABASES;
  const file = localFile(stateDir, 'd1', 'DB');
  if (!existsSync(file)) return least;
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    // Every card since cards were apart from accounts (docs/decisions/0091), else the profiles of before.
    const table = ['cards', 'profiles'].find(
      (name) => db.prepare(`SELECT 1 FROM pragma_table_info('${name}') WHERE name = 'count_shard'`).get() as unknown,
    );
    if (!table) return least;
    const row = db.prepare(`SELECT coalesce(max(count_shard), -1) + 1 AS n FROM ${table}`).get() as { n: number };
    return Math.max(least, Number(row.n));
  } finally {
    db.close();
  }
}
