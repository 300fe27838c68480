import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { describe, expect, it } from 'vitest';
import { EARLIER_LOCAL_KEYS, localCountingDatabases, localFile, upgradeLocalState } from '../../scripts/local-state';

// The local state of a checkout across the release that dropped wrangler.toml's placeholder ids:
// workerd (through miniflare, as wrangler runs it) writes the files, the upgrade renames them, and
// workerd finds the same rows and values under the binding names (docs/decisions/0088).

const earlier = Object.fromEntries(EARLIER_LOCAL_KEYS.map(({ binding, key }) => [binding, key]));

/** workerd over a state directory, each binding keyed as given (the id, or the binding's name). */
async function withState<T>(
  stateDir: string,
  keys: { d1: Record<string, string>; kv: Record<string, string> },
  use: (mf: Miniflare) => Promise<T>,
) {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: 'export default {}',
      resourcePersistencePath: join(stateDir, 'v3'),
      d1Databases: keys.d1,
      kvNamespaces: keys.kv,
    }),
  );
  try {
    return await use(mf);
  } finally {
    await mf.dispose();
  }
}

/** As the earlier release left it: a card counted in its 6th counting database, a view still buffered. */
async function earlierState() {
  const stateDir = mkdtempSync(join(tmpdir(), 'cardlink-local-state-'));
  await withState(
    stateDir,
    { d1: { DB: earlier.DB!, COUNTS_5: earlier.COUNTS_5! }, kv: { EVENTS: earlier.EVENTS! } },
    async (mf) => {
      const db = await mf.getD1Database('DB');
      await db.batch([
        db.prepare('CREATE TABLE profiles (user_id TEXT PRIMARY KEY, username TEXT, count_shard INTEGER)'),
        db.prepare("INSERT INTO profiles VALUES ('u1', 'ada', 5), ('u2', 'bob', 0)"),
      ]);
      const counts = await mf.getD1Database('COUNTS_5');
      await counts.batch([
        counts.prepare('CREATE TABLE daily_stats (user_id TEXT, day INTEGER, views INTEGER)'),
        counts.prepare("INSERT INTO daily_stats VALUES ('u1', 20000, 42)"),
      ]);
      await (await mf.getKVNamespace('EVENTS')).put('e:0001:u1:view', 'a view still buffered');
    },
  );
  return stateDir;
}

describe('the local state of an earlier release', { timeout: 120_000 }, () => {
  it('is found under the binding names after the upgrade: the accounts, the counts, the buffered views', async () => {
    const stateDir = await earlierState();
    // workerd names each file as local-state.ts computes it.
    expect(existsSync(localFile(stateDir, 'd1', earlier.DB!))).toBe(true);
    expect(existsSync(localFile(stateDir, 'kv', earlier.EVENTS!))).toBe(true);

    expect(upgradeLocalState(stateDir)).toEqual(['DB', 'COUNTS_5', 'EVENTS']);
    // Once only: a second start finds nothing left to move.
    expect(upgradeLocalState(stateDir)).toEqual([]);
    const found = await withState(
      stateDir,
      { d1: { DB: 'DB', COUNTS_5: 'COUNTS_5' }, kv: { EVENTS: 'EVENTS' } },
      async (mf) => ({
        profiles: (await (await mf.getD1Database('DB')).prepare('SELECT * FROM profiles ORDER BY user_id').all())
          .results,
        counted: (await (await mf.getD1Database('COUNTS_5')).prepare('SELECT * FROM daily_stats').all()).results,
        buffered: await (await mf.getKVNamespace('EVENTS')).get('e:0001:u1:view'),
      }),
    );
    expect(found).toEqual({
      profiles: [
        { user_id: 'u1', username: 'ada', count_shard: 5 },
        { user_id: 'u2', username: 'bob', count_shard: 0 },
      ],
      counted: [{ user_id: 'u1', day: 20000, views: 42 }],
      buffered: 'a view still buffered',
    });
    // Its cards are counted in six databases: a local run binds six, not the default one.
    expect(localCountingDatabases(stateDir, {})).toBe(6);
  });

  it('is refused, with both files named and nothing moved, when the new name holds a database too', async () => {
    const stateDir = await earlierState();
    await withState(stateDir, { d1: { DB: 'DB' }, kv: {} }, async (mf) => {
      await (await mf.getD1Database('DB')).prepare('CREATE TABLE started_meanwhile (x)').run();
    });
    expect(() => upgradeLocalState(stateDir)).toThrow(
      new RegExp(`holds DB twice: .*${localFile(stateDir, 'd1', earlier.DB!).split('/').pop()!}`),
    );
    expect(existsSync(localFile(stateDir, 'd1', earlier.DB!))).toBe(true);
  });

  it('counts every card once cards are apart from accounts, not only the profiles of before', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'cardlink-local-state-'));
    await withState(stateDir, { d1: { DB: 'DB' }, kv: {} }, async (mf) => {
      const db = await mf.getD1Database('DB');
      await db.batch([
        db.prepare('CREATE TABLE profiles (user_id TEXT PRIMARY KEY, count_shard INTEGER)'),
        db.prepare("INSERT INTO profiles VALUES ('u1', 2)"),
        db.prepare('CREATE TABLE cards (id TEXT PRIMARY KEY, user_id TEXT, count_shard INTEGER)'),
        db.prepare("INSERT INTO cards VALUES ('u1', 'u1', 2), ('c2', 'u1', 4)"),
      ]);
    });
    // A second card counted in the 5th database: a local run binds five.
    expect(localCountingDatabases(stateDir, {})).toBe(5);
  });

  it('binds the default size for a fresh state, or what COUNTING_DATABASES asks', () => {
    const fresh = mkdtempSync(join(tmpdir(), 'cardlink-local-state-'));
    expect(localCountingDatabases(fresh, {})).toBe(1);
    expect(localCountingDatabases(fresh, { COUNTING_DATABASES: '4' })).toBe(4);
  });
});
