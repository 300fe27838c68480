import { normalHost } from '@shared/link-rules';

// Where the Worker may send a request that someone else chose the address of: a webhook's URL
// (`checkOutboundUrl`) and a linked page or its image (`refusedFetch`). Both read an address the
// same way: never a private, loopback, link-local or otherwise reserved address, never this
// deployment itself; loopback only in development, so tests can serve from this machine. A Worker
// cannot resolve a name before it fetches it, so a public name that points at a private address is
// Cloudflare's to refuse: its edge does not route to private networks (docs/security.md, Outbound
// requests).

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

/** A linked page's fetch (services/link-preview/fetch-page.ts). */
export type PageFetchRules = {
  /**
   * ENVIRONMENT=development: any port, and the loopback address of the page first asked (the
   * test's page server, `loopbackOrigin`); a hop to another loopback origin is still refused.
   */
  development: boolean;
  loopbackOrigin?: string;
  /** Every host name of this deployment (lib/config.ts, siteHosts): never fetched. */
  ownHosts: readonly string[];
};

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** [first address, prefix length] of every IPv4 block that is not the public internet. */
const RESERVED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const v4Number = (address: string) => {
  const parts = IPV4.exec(address);
  if (!parts) return null;
  const bytes = parts.slice(1).map(Number);
  if (bytes.some((byte) => byte > 255)) return null;
  return bytes.reduce((sum, byte) => sum * 256 + byte, 0);
};

const inBlock = (value: number, [first, bits]: readonly [string, number]) => {
  const size = 2 ** (32 - bits);
  const start = v4Number(first)!;
  return value >= start && value < start + size;
};

type AddressClass = 'loopback' | 'reserved' | 'public';

function classifyV4(address: string): AddressClass | null {
  const value = v4Number(address);
  if (value === null) return null;
  if (value >>> 24 === 127) return 'loopback';
  return RESERVED_V4.some((block) => inBlock(value, block)) ? 'reserved' : 'public';
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (compressed, lower case). */
function v6Groups(address: string): number[] | null {
  if (!address.includes(':')) return null;
  let text = address;
  // An embedded IPv4 tail (`::ffff:1.2.3.4`; the URL parser writes it in hex, but be sure).
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const value = v4Number(tail[1]!);
    if (value === null) return null;
    text = `${text.slice(0, -tail[1]!.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  const missing = 8 - front.length - back.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return null;
  const groups = [...front, ...Array<number>(missing).fill(0), ...back];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

function classifyV6(address: string): AddressClass | null {
  const groups = v6Groups(address);
  if (!groups) return null;
  const [a = 0, b = 0, , , , f = 0, g = 0, h = 0] = groups;
  const zeroesTo = (n: number) => groups.slice(0, n).every((group) => group === 0);
  if (zeroesTo(7) && h === 1) return 'loopback';
  if (zeroesTo(8)) return 'reserved';
  // An IPv4 address mapped (::ffff:a.b.c.d) or translated (64:ff9b::a.b.c.d): the IPv4 address decides.
  const embedded = `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`;
  if ((zeroesTo(5) && f === 0xffff) || (a === 0x64 && b === 0xff9b && groups.slice(2, 6).every((x) => x === 0)))
    return classifyV4(embedded) ?? 'reserved';
  // The old IPv4-compatible form (::a.b.c.d) and every other address with an all-zero top.
  if (zeroesTo(6)) return 'reserved';
  if ((a & 0xfe00) === 0xfc00) return 'reserved'; // unique local fc00::/7
  if ((a & 0xffc0) === 0xfe80) return 'reserved'; // link-local fe80::/10
  if ((a & 0xffc0) === 0xfec0) return 'reserved'; // site-local, deprecated
  if ((a & 0xff00) === 0xff00) return 'reserved'; // multicast
  if (a === 0x2001 && b === 0x0db8) return 'reserved'; // documentation
  if (a === 0x2001 && b < 0x200) return 'reserved'; // Teredo, benchmarking and other special blocks
  if (a === 0x2002) return 'reserved'; // 6to4 (it embeds any IPv4 address)
  if (a === 0x0100 && groups.slice(1, 4).every((x) => x === 0)) return 'reserved'; // discard
  return 'public';
}

/** Names that only mean something inside a network. */
const LOCAL_NAME = /\.(?:local|internal|localdomain|home\.arpa|lan|intranet|corp)$/;

/** What an address is, as the URL parser wrote its host: a bare name is a local one. */
function addressClass(host: string): AddressClass {
  if (isLoopbackName(host)) return 'loopback';
  return classifyV4(host) ?? classifyV6(host) ?? (host.includes('.') && !host.includes(':') ? 'public' : 'reserved');
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
  const host = normalHost(url.hostname);
  const kind = addressClass(host);
  if (rules.development && kind === 'loopback') return { ok: true, url };
  if ((rules.ownHosts ?? []).map(normalHost).includes(host)) return { ok: false, reason: OWN_HOST };
  if (kind !== 'public' || LOCAL_NAME.test(host)) return { ok: false, reason: PRIVATE_ADDRESS };
  return { ok: true, url };
}

/**
 * Why the Worker must not fetch `url`, or null when it may. The URL parser has already written
 * every spelling of an address in its one form (`http://2130706433/`, `http://0x7f.1/` and
 * `http://127.1/` all become 127.0.0.1), so the checks read that form.
 */
export function refusedFetch(url: URL, rules: PageFetchRules): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not a web address';
  if (url.username || url.password) return 'an address with credentials';
  const host = normalHost(url.hostname);
  if (!host) return 'no host';
  const allowedLoopback =
    rules.development && (rules.loopbackOrigin === undefined || rules.loopbackOrigin === url.origin);
  if (rules.ownHosts.map(normalHost).includes(host) && !(allowedLoopback && isLoopbackName(host)))
    return isLoopbackName(host) ? 'a loopback address' : 'this deployment';
  const kind = addressClass(host);
  if (kind === 'loopback') return allowedLoopback ? null : 'a loopback address';
  if (kind === 'reserved') return 'a private or reserved address';
  // The web's own ports only: no mail server, database or admin port on a public host.
  if (!rules.development && url.port !== '' && url.port !== '80' && url.port !== '443') return 'an unusual port';
  if (LOCAL_NAME.test(host)) return 'a private network name';
  return null;
}

/** `localhost`, any name under it (RFC 6761), as the URL parser leaves it after its trailing dots go. */
const isLoopbackName = (host: string) =>
  host === 'localhost' ||
  host.endsWith('.localhost') ||
  classifyV4(host) === 'loopback' ||
  classifyV6(host) === 'loopback';
