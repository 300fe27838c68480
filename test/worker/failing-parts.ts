// Platform parts that fail, as a test hands them to the Worker in place of the real bindings
// (README, When a part fails). Each throws what the real binding throws when Cloudflare's side is
// briefly down, so the Worker sees the same errors production would.

const D1_DOWN = 'D1_ERROR: Network connection lost.';

/**
 * A D1 database that cannot be reached: every statement, batch and session fails. With another
 * message, a database that answers but fails every statement for a reason that will not pass.
 */
export function downD1(message = D1_DOWN): D1Database {
  const fail = () => Promise.reject(new Error(message));
  const statement = (): D1PreparedStatement =>
    ({
      bind: () => statement(),
      first: fail,
      all: fail,
      run: fail,
      raw: fail,
    }) as unknown as D1PreparedStatement;
  const database = {
    prepare: statement,
    batch: fail,
    exec: fail,
    dump: fail,
    withSession: () => ({ prepare: statement, batch: fail, getBookmark: () => null }),
  };
  return database as unknown as D1Database;
}

/**
 * The real database, but its first `times` reads fail as D1's do when briefly unavailable
 * ('D1_ERROR: Network connection lost.'), through sessions too; writes always work.
 */
export function flakyD1Reads(db: D1Database, times: number): D1Database & { failures: number } {
  const state = { failures: 0 };
  const statement = (real: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(real, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => statement(target.bind(...values));
        if (key === 'all' || key === 'raw' || key === 'first')
          return (...args: unknown[]) => {
            if (state.failures < times) {
              state.failures++;
              return Promise.reject(new Error(D1_DOWN));
            }
            return (target[key] as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  const wrap = <T extends D1Database | D1DatabaseSession>(real: T): T =>
    new Proxy(real, {
      get(target, key) {
        if (key === 'prepare') return (query: string) => statement(target.prepare(query));
        if (key === 'withSession') return (constraint: string) => wrap((target as D1Database).withSession(constraint));
        if (key === 'failures') return state.failures;
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return wrap(db) as D1Database & { failures: number };
}

/** A KV namespace whose writes fail `times` times (every time when not given), then work. */
export function failingKvWrites(kv: KVNamespace, times = Infinity): KVNamespace & { failures: number } {
  const wrapper = {
    failures: 0,
    get: kv.get.bind(kv),
    getWithMetadata: kv.getWithMetadata.bind(kv),
    list: kv.list.bind(kv),
    delete: kv.delete.bind(kv),
    put(...args: Parameters<KVNamespace['put']>) {
      if (wrapper.failures < times) {
        wrapper.failures++;
        return Promise.reject(new Error('KV PUT failed: 503 Service Unavailable'));
      }
      return kv.put(...args);
    },
  };
  return wrapper as unknown as KVNamespace & { failures: number };
}

/** A KV namespace that cannot be reached: every call fails as KV's do when Cloudflare's side is down. */
export function downKv(): KVNamespace {
  const fail = (operation: string) => () =>
    Promise.reject(new Error(`KV ${operation} failed: 503 Service Unavailable`));
  return {
    get: fail('GET'),
    getWithMetadata: fail('GET'),
    list: fail('LIST'),
    put: fail('PUT'),
    delete: fail('DELETE'),
  } as unknown as KVNamespace;
}

/** An R2 bucket that cannot be reached. */
export function downR2(): R2Bucket {
  const fail = () => Promise.reject(new Error('We encountered an internal error. Please try again.'));
  return { get: fail, head: fail, put: fail, delete: fail, list: fail } as unknown as R2Bucket;
}

/** A queue that refuses every message, and cannot say its backlog either. */
export function downQueue<T>(): Queue<T> {
  const fail = () => Promise.reject(new Error('Queue send failed: Service Unavailable'));
  const metrics = () => Promise.reject(new Error('Queue metrics failed: Service Unavailable'));
  return { send: fail, sendBatch: fail, metrics } as unknown as Queue<T>;
}

/** An Images binding that is down: every call fails. */
export function downImages(): ImagesBinding {
  const fail = () => {
    throw new Error('IMAGES_TRANSFORM_ERROR 9523: Internal error');
  };
  return {
    info: () => Promise.reject(new Error('Images: service unavailable')),
    input: fail,
  } as unknown as ImagesBinding;
}
