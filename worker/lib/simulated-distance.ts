import type { Bindings } from '../env';
import { isDevelopment } from './config';

/**
 * Development only: `X-Simulate-Distance: d1=150,kv=50,lag=2000` makes this request pay what a
 * visitor far from the database would (README, Decisions: the nearest edge): each D1 round trip
 * to the primary waits `d1` ms, each KV write `kv` ms. Reads of a replica session
 * ('first-unconstrained' or a bookmark), a batch of reads included, are served by a replica near
 * the visitor and wait nothing, until the session writes (then D1 routes it to the primary). KV reads are cached at
 * the edge and wait nothing. `npm run bench` measures the card and the dashboard with it.
 *
 * `lag` (default 0) makes the replicas that many ms behind the primary, as the writes made under
 * the header saw it. A session whose bookmark the replica has not reached yet is answered by the
 * primary (and pays `d1`), as D1 keeps a session at least as fresh as its bookmark. A replica read
 * of a table written within the lag would answer old rows; this harness cannot produce them, so
 * it throws `StaleReplicaRead` instead, which a test sees as a 500: the read-your-writes tests
 * write, then read through a lagging replica and must see the write.
 */
export const DISTANCE_HEADER = 'X-Simulate-Distance';

type Distance = { d1: number; kv: number; lag: number };

export class StaleReplicaRead extends Error {
  constructor(table: string, lag: number) {
    super(`simulated replica ${lag} ms behind the primary would read '${table}' from before a write`);
    this.name = 'StaleReplicaRead';
  }
}

function parse(header: string | null): Distance | null {
  if (!header) return null;
  const values = Object.fromEntries(
    header.split(',').map((part) => {
      const [name, value] = part.split('=').map((s) => s.trim());
      return [name, Math.max(0, Number(value) || 0)];
    }),
  );
  const ms = (value: number | undefined, max: number) => Math.min(max, value ?? 0);
  return { d1: ms(values.d1, 2000), kv: ms(values.kv, 2000), lag: ms(values.lag, 600_000) };
}

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql);
const writtenTable = (sql: string) =>
  /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update|delete\s+from)\s+"?(\w+)/i.exec(sql)?.[1] ?? null;
const readTables = (sql: string) => [...sql.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)].map((m) => m[1] ?? '');

// What the simulated replicas know, for this isolate: when each bookmark was first seen and which
// table each write touched, under the header. Bounded: only the last lag window matters.
const HISTORY_MAX = 5_000;
const bookmarkSeen = new Map<string, number>();
const writes: { at: number; table: string }[] = [];

function remember(table: string | null, bookmark: string | null) {
  const now = Date.now();
  if (table) writes.push({ at: now, table });
  if (bookmark && !bookmarkSeen.has(bookmark)) bookmarkSeen.set(bookmark, now);
  if (writes.length > HISTORY_MAX) writes.splice(0, writes.length - HISTORY_MAX);
  for (const key of bookmarkSeen.keys()) {
    if (bookmarkSeen.size <= HISTORY_MAX) break;
    bookmarkSeen.delete(key);
  }
}

/**
 * A database (null constraint: the primary) or a session whose round trips to the primary wait
 * `d1` and whose replica lags `lag`.
 */
function distantD1<T extends D1Database | D1DatabaseSession>(db: T, d: Distance, constraint: string | null): T {
  let primary = constraint === null || constraint === 'first-primary';
  const bookmarked = !primary && constraint !== 'first-unconstrained';
  // A bookmark never seen under the header is as new as now: the replica must catch up to it.
  const needs = bookmarked ? (bookmarkSeen.get(constraint ?? '') ?? Date.now()) : -Infinity;
  const sqlOf = new WeakMap<object, string>();
  const real = new WeakMap<object, D1PreparedStatement>();
  const bookmark = () => ('getBookmark' in db ? (db as D1DatabaseSession).getBookmark() : null);

  /** Where a round trip goes, paying the distance; throws where a lagging replica would be stale. */
  async function route(sqls: string[]) {
    const replicaHas = Date.now() - d.lag;
    if (!sqls.every(isRead) || needs > replicaHas) primary = true;
    if (primary) return sleep(d.d1);
    const read = d.lag > 0 ? sqls.flatMap(readTables) : [];
    const stale = read.find((t) => writes.some((w) => w.table === t && w.at > replicaHas));
    if (stale) throw new StaleReplicaRead(stale, d.lag);
  }

  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql);
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (!['first', 'all', 'raw', 'run'].includes(String(prop))) return value.bind(target);
        return async (...args: unknown[]) => {
          await route([sql]);
          const result: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
          remember(writtenTable(sql), bookmark());
          return result;
        };
      },
    });
    real.set(proxy, statement);
    sqlOf.set(proxy, sql);
    return proxy;
  };
  return new Proxy(db, {
    get(target, prop) {
      // Not a statement of ours: drizzle calls D1's prepare, and the wrapper times its round trips.
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql);
      if (prop === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          // A batch is one round trip: to the primary if it writes, else routed as a read.
          const sqls = statements.map((statement) => sqlOf.get(statement) ?? '');
          await route(sqls);
          const results = await target.batch(statements.map((statement) => real.get(statement) ?? statement));
          for (const sql of sqls) remember(writtenTable(sql), null);
          remember(null, bookmark());
          return results;
        };
      if (prop === 'withSession')
        return (constraint?: string) =>
          distantD1((target as D1Database).withSession(constraint), d, constraint ?? 'first-unconstrained');
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A namespace whose writes wait `ms`. */
function distantKv(kv: KVNamespace, ms: number): KVNamespace {
  return new Proxy(kv, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...a: unknown[]) => unknown).bind(target);
      if (prop !== 'put' && prop !== 'delete') return method;
      return async (...args: unknown[]) => {
        await sleep(ms);
        return method(...args);
      };
    },
  });
}

/** The bindings this request sees: far away when a development request asks for it, else as they are. */
export function withSimulatedDistance(env: Bindings, request: Request): Bindings {
  if (!isDevelopment(env)) return env;
  const distance = parse(request.headers.get(DISTANCE_HEADER));
  if (!distance) return env;
  return { ...env, DB: distantD1(env.DB, distance, null), EVENTS: distantKv(env.EVENTS, distance.kv) };
}
