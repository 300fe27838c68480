/**
 * The counting databases (docs/decisions/0071, 0088): the ledger and the rollups live in D1
 * databases of their own, bound as COUNTS_0 ... COUNTS_{N-1}. N is not a constant: it is how many
 * of those bindings the Worker has, one by default (wrangler.toml), more when deploy.config.json
 * asks for them (build/deploy-config.ts). A card's shard is chosen when it is created and kept in
 * its profile (`count_shard`), so raising N sends only new cards to the new databases and every
 * old figure stays where it was counted.
 */
export const COUNT_BINDING_PREFIX = 'COUNTS_';
/** The size a build gives when nothing asks for more: one database fits the Free plan (0088). */
export const DEFAULT_COUNTING_DATABASES = 1;
/** More than any deployment binds; only bounds the walk over an env's bindings. */
const MAX_COUNTING_DATABASES = 1000;

/** The counting bindings of an env; `D` is D1Database (generic so the scripts, in Node, import this file too). */
export type CountBindingsOf<D> = { [binding: `${typeof COUNT_BINDING_PREFIX}${number}`]: D | undefined };

export const countBinding = (shard: number) => `${COUNT_BINDING_PREFIX}${shard}` as const;

/**
 * Every configured shard number: 0 up to the first COUNTS_n the env does not bind. A binding
 * after a gap is not counted (the deploy refuses such a config, scripts/deploy-checks.ts).
 */
export function countShards<D>(env: CountBindingsOf<D>): number[] {
  const shards: number[] = [];
  while (shards.length < MAX_COUNTING_DATABASES && env[countBinding(shards.length)] !== undefined)
    shards.push(shards.length);
  return shards;
}

/** The shard a new card is counted in: FNV-1a of its id, so cards spread evenly over the `shards` databases. */
export function shardForNewCard(userId: string, shards: number) {
  if (!(shards >= 1)) throw new Error('No counting database is bound (COUNTS_0, wrangler.toml)');
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193) >>> 0;
  return hash % shards;
}

/** The database of one shard; a missing binding is a configuration error, never silently skipped. */
export function countDatabase<D>(env: CountBindingsOf<D>, shard: number): D {
  const database = env[countBinding(shard)];
  if (!database) throw new Error(`${countBinding(shard)} is not bound: a card is counted there (docs/deploying.md)`);
  return database;
}
