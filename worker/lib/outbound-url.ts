// Where the Worker may send a request that someone else chose the address of (a webhook's URL,
// and any later fetcher of pages): self-contained on purpose, so another outbound client can use
// it as it is (docs/security.md, Outbound requests).

export type OutboundRules = {
  /** Development: http and loopback are allowed, so a receiver on this machine can be reached. */
  development: boolean;
  /** Host names of this deployment: never a target, so nobody makes the Worker call itself. */
  ownHosts?: readonly string[];
};

export type OutboundCheck = { ok: true; url: URL } | { ok: false; reason: string };

export const NOT_HTTPS = 'The URL must start with https://';
export const NOT_A_URL = 'Enter a full URL, such as https://example.com/hooks';
export const PRIVATE_ADDRESS = 'The URL may not point at a private, loopback or link-local address';
export const OWN_HOST = 'The URL may not point at this site';

const parseIpv4 = (host: string): number[] | null => {
  const parts = host.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
};

/** 0/8, 10/8, 100.64/10 (carrier NAT), 127/8, 169.254/16, 172.16/12, 192.168/16, 192.0.0/24, 198.18/15, 224/4 and above. */
function isPrivateIpv4([a = 0, b = 0, c = 0]: number[]) {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** The 8 groups of an IPv6 address (URL's host without brackets, as WHATWG URL prints it). */
function ipv6Groups(host: string): number[] | null {
  if (!host.includes(':')) return null;
  let text = host;
  // An embedded IPv4 tail (::ffff:10.0.0.1) is two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const bytes = parseIpv4(tail[1]!);
    if (!bytes) return null;
    text = `${text.slice(0, -tail[1]!.length)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** ::, ::1, IPv4-mapped private ones, fc00::/7 (unique local), fe80::/10 (link-local), ff00::/8 (multicast). */
function isPrivateIpv6(groups: number[]) {
  const [g0 = 0, , , , , g5 = 0, g6 = 0, g7 = 0] = groups;
  if (groups.slice(0, 7).every((g) => g === 0) && (g7 === 0 || g7 === 1)) return true;
  if (groups.slice(0, 5).every((g) => g === 0) && (g5 === 0xffff || g5 === 0)) {
    return isPrivateIpv4([g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff]);
  }
  return (g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xff00) === 0xff00;
}

/** Names that only mean something inside a network: localhost (with its trailing dot too), *.local, *.internal, a bare name. */
function isLocalName(host: string) {
  const name = host.replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name.endsWith('.internal') ||
    name.endsWith('.home.arpa') ||
    !name.includes('.')
  );
}

/** Loopback in any spelling: what development may reach. */
function isLoopback(host: string) {
  const name = host.replace(/\.$/, '');
  const v4 = parseIpv4(name);
  if (v4) return v4[0] === 127;
  const v6 = ipv6Groups(name);
  if (v6) return v6.slice(0, 7).every((g) => g === 0) && v6[7] === 1;
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Whether a URL may be fetched: https (http too in development), no credentials in it, and its
 * host not a private, loopback, link-local or local name, nor this deployment. Development lets
 * loopback through (a receiver on this machine). WHATWG URL parsing already turns the other
 * spellings of an address (0x7f.1, 2130706433, [::ffff:7f00:1]) into the dotted or bracketed
 * form checked here. A name that resolves to a private address is left to the platform: Workers
 * cannot reach private networks (docs/security.md).
 */
export function checkOutboundUrl(raw: string, rules: OutboundRules): OutboundCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: NOT_A_URL };
  }
  const httpAllowed = rules.development && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed) return { ok: false, reason: NOT_HTTPS };
  if (url.username || url.password || !url.hostname) return { ok: false, reason: NOT_A_URL };
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (rules.development && isLoopback(host)) return { ok: true, url };
  const own = (rules.ownHosts ?? []).map((name) => name.toLowerCase().replace(/\.$/, ''));
  if (own.includes(host.replace(/\.$/, ''))) return { ok: false, reason: OWN_HOST };
  const v4 = parseIpv4(host);
  if (v4) return isPrivateIpv4(v4) ? { ok: false, reason: PRIVATE_ADDRESS } : { ok: true, url };
  const v6 = ipv6Groups(host);
  if (v6) return isPrivateIpv6(v6) ? { ok: false, reason: PRIVATE_ADDRESS } : { ok: true, url };
  if (host.includes(':')) return { ok: false, reason: NOT_A_URL };
  if (isLocalName(host)) return { ok: false, reason: PRIVATE_ADDRESS };
  return { ok: true, url };
}
