// The webhook queue's message, the one type the Worker's bindings (env.ts) share with the
// webhooks service: here, below both, so neither imports the other.

/** Try this delivery's attempt number `attempt` (1 for the first); a message for another attempt is stale. */
export type WebhookMessage = { delivery: string; attempt: number };
