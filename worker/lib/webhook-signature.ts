import { WEBHOOK_SECRET_PREFIX } from '@shared/webhooks';
import { toBase64Url } from './hashing';

// Standard Webhooks' signature (https://www.standardwebhooks.com): HMAC-SHA256 over
// `${id}.${timestamp}.${body}` with the secret's bytes (base64 after `whsec_`), written
// `v1,<base64>`; several signatures are separated by spaces (a rotation's overlap).

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** A new secret: `whsec_` and 32 random bytes in base64, as the specification's libraries read it. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${toBase64(crypto.getRandomValues(new Uint8Array(32)))}`;

/** The `v1,…` signature of one message with one secret. */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string) {
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase64(secret.slice(WEBHOOK_SECRET_PREFIX.length)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** The three headers of a delivery, signed with every secret given (the current one first). */
export async function webhookHeaders(secrets: string[], id: string, timestamp: number, body: string) {
  const signatures = await Promise.all(secrets.map((secret) => signWebhook(secret, id, timestamp, body)));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatures.join(' '),
  };
}

/** A message id in the specification's examples' shape. */
export const newMessageId = () => `msg_${toBase64Url(crypto.getRandomValues(new Uint8Array(18)))}`;
