import type { Bindings } from '../env';
import { isDevelopment } from './config';

/**
 * Development only: `X-Simulate-Distance: d1=150,kv=50` makes this request pay what a visitor far
 * from the database would (README, Decisions: the nearest edge): each D1 round trip to the
 * primary waits `d1` ms, each KV write `kv` ms. Reads of a replica session ('first-unconstrained'
 * or a bookmark) are served by a replica near the visitor and wait nothing, until the session
 * writes (then D1 routes it to the primary). KV reads are cached at the edge and wait nothing.
 * `npm run bench` measures the card with and without it.
 */
export const DISTANCE_HEADER = 'X-Simulate-Distance';

type Distance = { d1: number; kv: number };

function parse(header: string | null): Distance | null {
  if (!header) return null;
  const values = Object.fromEntries(
    header.split(',').map((part) => {
      const [name, value] = part.split('=').map((s) => s.trim());
      return [name, Math.min(2000, Math.max(0, Number(value) || 0))];
    }),
  );
  return { d1: values.d1 ?? 0, kv: values.kv ?? 0 };
}

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql);

/** A database (or session) whose round trips to the primary wait `ms`. */
function distantD1<T extends D1Database | D1DatabaseSession>(db: T, ms: number, replica: boolean): T {
  let primary = !replica;
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql);
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (!['first', 'all', 'raw', 'run'].includes(String(prop))) return value.bind(target);
        return async (...args: unknown[]) => {
          if (!isRead(sql)) primary = true;
          if (primary) await sleep(ms);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  return new Proxy(db, {
    get(target, prop) {
      // Not a statement of ours: drizzle calls D1's prepare, and the wrapper times its round trips.
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql);
      if (prop === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          // A batch is one round trip, and writes go to the primary.
          primary = true;
          await sleep(ms);
          return target.batch(statements.map((statement) => real.get(statement) ?? statement));
        };
      if (prop === 'withSession')
        return (constraint?: string) =>
          distantD1(
            (target as D1Database).withSession(constraint),
            ms,
            constraint !== undefined && constraint !== 'first-primary',
          );
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
  return { ...env, DB: distantD1(env.DB, distance.d1, false), EVENTS: distantKv(env.EVENTS, distance.kv) };
}
