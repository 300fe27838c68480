import type { Bindings } from '../env';
import { secret } from './config';

// The client a brute-force bound counts (README, Decisions: bounds): the address Cloudflare
// reports in CF-Connecting-IP, kept only as an HMAC under a key derived from VISITOR_SALT, so
// the attempts table never holds an IP and a copy of it alone cannot test guessed addresses.
// Rows are pruned after a day. Without the header (a local run) every request is one client.
// An IPv6 client is its /64: one subscriber or one cloud instance holds a whole /64, so counting
// single addresses would give an attacker 2^64 fresh clients (README, Decisions: bounds).

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

/** Expands an IPv6 address to its eight groups of four hex digits (null when it is none). */
function ipv6Groups(address: string): string[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  // An embedded IPv4 tail (::ffff:192.0.2.1) as two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  return groups.every((g) => /^[0-9a-f]{1,4}$/.test(g)) ? groups.map((g) => g.padStart(4, '0')) : null;
}

/**
 * What counts as one client: an IPv4 address as it is; an IPv6 address by its /64 (an
 * IPv4-mapped one as its IPv4 address).
 */
export function clientNetwork(address: string): string {
  const ip = address.trim();
  if (!ip.includes(':')) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip.toLowerCase();
  if (groups.slice(0, 5).every((g) => g === '0000') && groups[5] === 'ffff') {
    const [hi, lo] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** A stable, non-reversible name for the client of a request: 32 hex characters. */
export async function clientKey(env: Bindings, request: Request): Promise<string> {
  const ip = clientNetwork(request.headers.get('CF-Connecting-IP')?.trim().slice(0, 64) || 'unknown');
  const key = await clientHmacKey(secret(env, 'VISITOR_SALT'));
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(ip));
  return [...new Uint8Array(mac, 0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
