import type { Bindings } from '../env';
import { secret } from './config';

// The client a brute-force bound counts (README, Decisions: bounds): the address Cloudflare
// reports in CF-Connecting-IP, kept only as an HMAC under a key derived from VISITOR_SALT, so
// the attempts table never holds an IP and a copy of it alone cannot test guessed addresses.
// Rows are pruned after a day. Without the header (a local run) every request is one client.

let cached: { secret: string; key: Promise<CryptoKey> } | null = null;

function clientHmacKey(salt: string) {
  if (cached?.secret === salt) return cached.key;
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(`client-bounds\n${salt}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  cached = { secret: salt, key };
  return key;
}

/** A stable, non-reversible name for the client of a request: 32 hex characters. */
export async function clientKey(env: Bindings, request: Request): Promise<string> {
  const ip = request.headers.get('CF-Connecting-IP')?.trim().slice(0, 64) || 'unknown';
  const key = await clientHmacKey(secret(env, 'VISITOR_SALT'));
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(ip));
  return [...new Uint8Array(mac, 0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
