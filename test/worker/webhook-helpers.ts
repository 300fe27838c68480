import { env } from 'cloudflare:test';
import { inject } from 'vitest';
import { api } from './helpers';

// The webhook receiver the global setup started (test/fixtures/webhook-receiver.ts), and the
// account's webhooks as a client of the API sees them.

export const receiverUrl = (key: string, query = '') =>
  `http://127.0.0.1:${inject('receiverPort')}/hook/${key}${query ? `?${query}` : ''}`;

export type Received = { headers: Record<string, string>; body: string; at: number };

/** What the receiver recorded under a key. */
export async function received(key: string): Promise<Received[]> {
  const res = await fetch(`http://127.0.0.1:${inject('receiverPort')}/received/${key}`);
  return (await res.json()) as Received[];
}

/** Waits until the receiver has at least `count` deliveries under the key (the queue delivers them). */
export async function receivedAtLeast(key: string, count = 1, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const got = await received(key);
    if (got.length >= count) return got;
    if (Date.now() > until) throw new Error(`receiver ${key}: ${got.length} of ${count} deliveries`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const newKey = () => crypto.randomUUID().replaceAll('-', '');

export const addWebhook = (token: string, json: Record<string, unknown>) =>
  api('/v1/user/webhooks', { method: 'POST', token, json });

/** A webhook made or a thrown error: its id and secret. */
export async function webhookFor(token: string, json: Record<string, unknown>) {
  const res = await addWebhook(token, json);
  if (res.status !== 201) throw new Error(`webhook: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id as string, secret: res.body.data.secret as string };
}

export const deliveryRows = async (endpointId: string) =>
  (
    await env.DB.prepare('SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY created_at, id')
      .bind(endpointId)
      .all<Record<string, unknown>>()
  ).results;

/** Waits until the endpoint's deliveries are all settled: each delivered, given up, or its last attempt recorded. */
export async function settled(endpointId: string, count: number, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await deliveryRows(endpointId);
    if (rows.length >= count && rows.every((row) => row.status !== 'pending' || row.last_at !== null)) return rows;
    if (Date.now() > until) throw new Error(`deliveries of ${endpointId}: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
