/**
 * The counting databases (docs/decisions/0071): the ledger and the rollups live in
 * COUNT_SHARDS D1 databases of their own, bound as COUNTS_0 ... COUNTS_{N-1} in wrangler.toml
 * (a test holds the two together). A card's shard is chosen when it is created and kept in its
 * profile (`count_shard`), so raising N sends only new cards to the new databases and every
 * old figure stays where it was counted.
 */
export const COUNT_SHARDS = 16;
export const COUNT_BINDING_PREFIX = 'COUNTS_';

/** The counting bindings of an env; `D` is D1Database (generic so the scripts, in Node, import this file too). */
export type CountBindingsOf<D> = { [binding: `${typeof COUNT_BINDING_PREFIX}${number}`]: D | undefined };

export const countBinding = (shard: number) => `${COUNT_BINDING_PREFIX}${shard}` as const;

/** Every shard number, 0 to COUNT_SHARDS - 1. */
export const countShards = () => Array.from({ length: COUNT_SHARDS }, (_, shard) => shard);

/** The shard a new card is counted in: FNV-1a of its id, so cards spread evenly over the databases. */
export function shardForNewCard(userId: string, shards = COUNT_SHARDS) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193) >>> 0;
  return hash % shards;
}

/** The database of one shard; a missing binding is a configuration error, never silently skipped. */
export function countDatabase<D>(env: CountBindingsOf<D>, shard: number): D {
  const database = env[countBinding(shard)];
  if (!database) throw new Error(`The counting database binding ${countBinding(shard)} is missing (wrangler.toml)`);
  return database;
}
