// A hostname an owner types for their card (docs/decisions/0103-custom-domains.md): normalised as
// DNS and Cloudflare compare names (lower case, IDN as punycode, no trailing dot), and told apart
// from a root domain, which cannot carry the CNAME record the card's domain needs.

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const HOSTNAME_MAX = 253;

/**
 * Registries that sell names one level below them: `example.co.uk` is a root domain like
 * `example.com`. Not the whole Public Suffix List (a large file to ship): the common ones, and a
 * root domain under a suffix missing here is refused by Cloudflare instead, with its own words.
 */
const SECOND_LEVEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'ac.uk',
  'gov.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.nz',
  'org.nz',
  'net.nz',
  'co.jp',
  'ne.jp',
  'or.jp',
  'co.kr',
  'co.in',
  'net.in',
  'org.in',
  'co.za',
  'org.za',
  'com.br',
  'net.br',
  'org.br',
  'com.mx',
  'com.ar',
  'com.co',
  'com.pe',
  'com.tr',
  'com.cn',
  'com.hk',
  'com.sg',
  'com.my',
  'com.tw',
  'com.sa',
  'com.eg',
  'co.il',
  'co.id',
  'com.pl',
]);

/** The name as DNS compares it, or null when it is not a hostname one could own. */
export function normaliseHostname(input: string): string | null {
  let text = input.trim();
  if (!text) return null;
  // A pasted address keeps only its host.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `http://${text}`;
  let host: string;
  try {
    const url = new URL(text);
    if (url.username || url.password || url.port) return null;
    host = url.hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '');
  if (!host || host.length > HOSTNAME_MAX || host.startsWith('[')) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // An IPv4 address, or a top-level name of digits: not a domain.
  if (/^[0-9]+$/.test(labels.at(-1)!)) return null;
  return host;
}

/** Whether the normalised name is a root domain (`example.com`, `example.co.uk`). */
export function isApex(hostname: string) {
  const labels = hostname.split('.');
  if (labels.length === 2) return true;
  return labels.length === 3 && SECOND_LEVEL_SUFFIXES.has(labels.slice(1).join('.'));
}

/** Whether `hostname` is `parent` or a name under it. */
export const isWithin = (hostname: string, parent: string) => hostname === parent || hostname.endsWith(`.${parent}`);

export { domainOrigin, isLocalhostName } from './domain-origin';
