// The webhook queue's messages, the one type the Worker's bindings (env.ts) share with the
// webhooks and organisations services: here, below them all, so none imports another.

/** Try this delivery's attempt number `attempt` (1 for the first); a message for another attempt is stale. */
export type WebhookMessage = { delivery: string; attempt: number };

/**
 * Send this organisation invitation's mail, if it is still owed (services/orgs/invitation-mail.ts).
 * It rides the webhook queue, told apart by its `invitation` field, so operators have no third queue.
 */
export type InvitationMessage = { invitation: string };

/** What the webhook queue carries. */
export type WebhookQueueMessage = WebhookMessage | InvitationMessage;

export const isInvitationMessage = (body: unknown): body is InvitationMessage =>
  typeof (body as Partial<InvitationMessage> | null)?.invitation === 'string';
