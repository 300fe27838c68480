// The drain queue's message (README, Decisions: fan-out drain), the one type the Worker's
// bindings (env.ts) share with the events service: here, below both, so neither imports the other.

/** A shard number, or the keys of the unsharded shape written before the fan-out. */
export type ShardId = number | 'legacy';

/** The body of a message on the drain queue: drain this shard in an invocation of your own. */
export type DrainMessage = { shard: ShardId };
