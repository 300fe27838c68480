import { sql } from 'drizzle-orm';
import { createDb, statement } from '../../db/client';
import type { CountBindings, Db } from '../../env';
import { forgetBefore } from './retention';
import { shardDb } from './counts';
import { weeklySums } from './weekly-sql';

/**
 * The move of what the release before the counting databases counted in the accounts database
 * (docs/decisions/0071): its rollups and the recent part of its ledger go to shard 0, where
 * migration 0013 put every card of before. The cron moves a page of each table a tick. Across
 * two databases there is no transaction, so a rollup row travels in three idempotent steps:
 * copied into `moved_<table>` of the shard (replacing any earlier copy), deleted from the
 * accounts database only if it is still the row copied, and added to the shard's rollups only
 * once it is gone from the accounts database. A move that dies anywhere, or a row the previous
 * release's Worker still adds to meanwhile, counts nothing twice.
 */
export const LEGACY_SHARD = 0;
const PAGE = 500;

type Spec = { table: string; keys: string[]; sums: string[]; max?: string };
const TABLES: Spec[] = [
  {
    table: 'daily_stats',
    keys: ['user_id', 'day'],
    sums: ['views', 'clicks', 'visitors', 'clickers'],
    max: 'last_view_at',
  },
  { table: 'daily_link_clicks', keys: ['user_id', 'day', 'link_id'], sums: ['clicks'] },
  { table: 'daily_breakdowns', keys: ['user_id', 'facet', 'day', 'name'], sums: ['views', 'clicks'] },
];

const columns = (spec: Spec) => [...spec.keys, ...spec.sums, ...(spec.max ? [spec.max] : []), 'days'];
const list = (names: string[], prefix = '') => sql.raw(names.map((name) => `${prefix}${name}`).join(', '));
/** Rows of a JSON array of objects, as columns of those names. */
const fromJson = (names: string[], json: string) =>
  sql`SELECT ${sql.raw(names.map((name) => `j.value ->> '${name}' AS ${name}`).join(', '))} FROM json_each(${json}) AS j`;

/**
 * Test seam, not configuration: runs after a page is copied into the shard and before it is
 * deleted from the accounts database, so a test can change a row there or end the move there.
 */
export type AfterCopy = (table: string) => Promise<void> | void;

/**
 * The previous release added every click to its link's `clicks` column and to its daily rollup in
 * one batch, and `withClicks` (counts.ts) adds the column to the rollups the shard holds. So a
 * link's rollup rows leave the accounts database together with their clicks in the column (in
 * one batch: both or neither), which then keeps only what was counted before the rollups.
 */
const linkColumnLess = (json: string, all: string[], unchanged: ReturnType<typeof sql.raw>) => {
  const leaving = sql`SELECT p.link_id, p.clicks FROM (${fromJson(all, json)}) AS p JOIN daily_link_clicks AS t ON ${unchanged}`;
  return sql`UPDATE links SET clicks = max(0, clicks - (SELECT sum(l.clicks) FROM (${leaving}) AS l WHERE l.link_id = links.id))
    WHERE id IN (SELECT l.link_id FROM (${leaving}) AS l)`;
};

/** One page of one rollup table: copy, delete where unchanged, add what is gone. Answers the rows moved. */
async function moveRollups(accounts: Db, counts: Db, spec: Spec, afterCopy?: AfterCopy): Promise<number> {
  const all = columns(spec);
  const table = sql.raw(spec.table);
  const moved = sql.raw(`moved_${spec.table}`);
  const page = await accounts.all<Record<string, unknown>>(
    sql`SELECT ${list(all)} FROM ${table} ORDER BY ${list(spec.keys)} LIMIT ${PAGE}`,
  );
  if (page.length > 0) {
    const json = JSON.stringify(page);
    await counts.run(sql`INSERT OR REPLACE INTO ${moved} (${list(all)}) ${fromJson(all, json)}`);
    await afterCopy?.(spec.table);
    // `IS` for the nullable last view: a row changed since the read stays, and is copied again next tick.
    const unchanged = (alias: string) => sql.raw(all.map((name) => `p.${name} IS ${alias}.${name}`).join(' AND '));
    const remove = sql`DELETE FROM ${table} WHERE EXISTS (SELECT 1 FROM (${fromJson(all, json)}) AS p WHERE ${unchanged(spec.table)})`;
    await (spec.table === 'daily_link_clicks'
      ? accounts.batch([statement(accounts, linkColumnLess(json, all, unchanged('t'))), statement(accounts, remove)])
      : accounts.run(remove));
  }
  // What is copied and no longer in the accounts database joins the rollups, once.
  const staged = await counts.all<Record<string, unknown>>(
    sql`SELECT ${list(spec.keys)} FROM ${moved} ORDER BY ${list(spec.keys)} LIMIT ${PAGE}`,
  );
  if (staged.length === 0) return 0;
  const keys = JSON.stringify(staged);
  const still = await accounts.all<Record<string, unknown>>(
    sql`SELECT ${list(spec.keys, 't.')} FROM ${table} AS t JOIN (${fromJson(spec.keys, keys)}) AS k ON ${sql.raw(
      spec.keys.map((name) => `t.${name} = k.${name}`).join(' AND '),
    )}`,
  );
  const key = (row: Record<string, unknown>) => JSON.stringify(spec.keys.map((name) => row[name]));
  const remaining = new Set(still.map(key));
  const gone = JSON.stringify(staged.filter((row) => !remaining.has(key(row))));
  const match = (alias: string) => sql.raw(spec.keys.map((name) => `${alias}.${name} = g.${name}`).join(' AND '));
  // The weeks of the days added are summed again in the same batch (weekly-sql.ts).
  const weeks =
    spec.table === 'daily_stats'
      ? [statement(counts, weeklySums(sql`SELECT user_id, day FROM (${fromJson(spec.keys, gone)})`))]
      : [];
  const [, removed] = await counts.batch([
    statement(
      counts,
      sql`INSERT INTO ${table} (${list(all)})
      SELECT ${list(all, 'm.')} FROM ${moved} AS m JOIN (${fromJson(spec.keys, gone)}) AS g ON ${match('m')} WHERE true
      ON CONFLICT (${list(spec.keys)}) DO UPDATE SET ${sql.raw(
        [
          ...spec.sums.map((name) => `${name} = ${name} + excluded.${name}`),
          ...(spec.max ? [`${spec.max} = max(coalesce(${spec.max}, 0), coalesce(excluded.${spec.max}, 0))`] : []),
        ].join(', '),
      )}`,
    ),
    statement(
      counts,
      sql`DELETE FROM ${moved} WHERE EXISTS (SELECT 1 FROM (${fromJson(spec.keys, gone)}) AS g WHERE ${match(`moved_${spec.table}`)})`,
    ),
    ...weeks,
  ]);
  return removed.meta.changes;
}

/**
 * The ledger of before, while it can still be asked (docs/decisions/0072): its rows are a set,
 * so copying them again changes nothing, and they are deleted once copied.
 */
async function moveLedger(accounts: Db, counts: Db, now: number): Promise<number> {
  const names = ['id', 'user_id', 'kind', 'link_id', 'at', 'visitor', 'country', 'referrer', 'device', 'channel'];
  const page = await accounts.all<Record<string, unknown>>(
    sql`SELECT ${list(names)} FROM events WHERE at >= ${forgetBefore(now)} ORDER BY id LIMIT ${PAGE}`,
  );
  if (page.length === 0) return 0;
  const json = JSON.stringify(page);
  await counts.run(sql`INSERT OR IGNORE INTO events (${list(names)}) ${fromJson(names, json)}`);
  const { meta } = await accounts.run(
    sql`DELETE FROM events WHERE id IN (SELECT j.value ->> 'id' FROM json_each(${json}) AS j)`,
  );
  return meta.changes;
}

/** The cron's part: a page of every table; answers the rows moved (0 once the move is done). */
export async function moveLegacyCounts(
  env: CountBindings & { DB: D1Database },
  now = Date.now(),
  afterCopy?: AfterCopy,
) {
  const accounts = createDb(env.DB);
  const counts = shardDb(env, LEGACY_SHARD);
  let moved = await moveLedger(accounts, counts, now);
  for (const spec of TABLES) moved += await moveRollups(accounts, counts, spec, afterCopy);
  return moved;
}
