/**
 * Workers KV allows 1,000 operations per invocation on every plan (list and delete included;
 * the binding has no bulk delete). Local workerd does not enforce it, so each drain goes
 * through this meter: every call on the binding is counted, and the one past the limit throws
 * before it is made, as production would refuse it. The bench reads the counts.
 */
export const KV_OPERATIONS_PER_INVOCATION = 1000;

export class KvBudgetExceeded extends Error {
  constructor(limit: number) {
    super(`more than ${limit} KV operations in one invocation`);
    this.name = 'KvBudgetExceeded';
  }
}

const COUNTED = new Set<PropertyKey>(['get', 'getWithMetadata', 'put', 'delete', 'list']);

export type MeteredKv = { kv: KVNamespace; used: () => number };

export function meterKv(kv: KVNamespace, limit = KV_OPERATIONS_PER_INVOCATION): MeteredKv {
  let count = 0;
  const metered = new Proxy(kv, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (!COUNTED.has(prop) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (count >= limit) throw new KvBudgetExceeded(limit);
        count += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { kv: metered, used: () => count };
}
