// What a pasted address or typed text is (decision 74, URL-first links): the platform, the handle its
// template is built from, and a title to start with. Addresses are read as people copy them from
// apps: with or without the scheme, `www.`, `m.` or `mobile.`, a tracking query (`?igsh=`, `?si=`),
// a trailing slash or a tab of the profile (`/@name/videos`, `/in/name/details/...`).
import { findPlatform, PLATFORMS, type Platform } from './platforms';

export type Recognised = {
  /** A catalogue id; 'custom' for an address that no template can rebuild. */
  platformId: string;
  /** What the platform's field holds: the handle, or the whole URL for Custom. */
  username: string;
  /** The platform's name, or the address's host for a website. */
  title: string;
  icon: string;
};

/** Other hosts that a platform's addresses are copied from (short links, old names). */
const ALIASES: Record<string, string> = {
  'twitter.com': 'twitter',
  'threads.com': 'threads',
  'fb.com': 'facebook',
  'fb.me': 'facebook',
  'youtu.be': 'youtube',
  'lnkd.in': 'linkedin',
  'api.whatsapp.com': 'whatsapp',
  'whatsapp.com': 'whatsapp',
  'telegram.me': 'telegram',
  'discord.gg': 'discord',
  'spotify.com': 'spotify',
  'instagr.am': 'instagram',
  'pin.it': 'pinterest',
  'vm.tiktok.com': 'tiktok',
};

const EMAIL = /^(?:mailto:)?([^\s@/:]+@[^\s@/]+\.[a-z]{2,})$/i;
// At least seven digits, with the separators people type; a leading 'tel:' is read as well.
const PHONE = /^(?:tel:)?(\+?[\d\s().-]{7,})$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// A bare domain as typed ('ada.dev', 'example.com/portfolio'): a dot in the host, no spaces.
const BARE_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#].*)?$/i;

/** A host as people copy it: any case, `www.` or a trailing dot left off. */
const plainHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
/** A phone's copy of a site (`m.facebook.com`, `mobile.twitter.com`) is the site's own page. */
const stripHost = (host: string) => plainHost(host).replace(/^(m|mobile)\./, '');

/**
 * Whether `host` belongs to `owner`: the host itself or a subdomain of it (`gist.github.com` is
 * GitHub's), never a host that merely ends with its letters (`evil-github.com`, `notx.com`), which
 * anyone can register: such a link must not wear a trusted platform's name and icon on a card.
 */
const onHost = (host: string, owner: string) => host === owner || host.endsWith(`.${owner}`);

/** The template's host and path parts, e.g. ['github.com', '/{username}'] or ['{username}.tumblr.com', '']. */
function templateParts(platform: Platform): { host: string; path: string; query: string } | null {
  const match = /^https?:\/\/([^/?#]+)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(platform.urlTemplate);
  if (!match) return null;
  return { host: plainHost(match[1]!), path: match[2]! + (match[4] ?? ''), query: match[3] ?? '' };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The handle in `url` when it fits the platform's template. A template whose path names the
 * handle after a fixed part (`/@`, `/in/`, `/user/`) also accepts a tab after it (`/@name/videos`);
 * one that is just `host/{username}` accepts nothing more, so `instagram.com/p/abc` is no profile.
 */
function handleIn(platform: Platform, url: URL): string | null {
  const parts = templateParts(platform);
  if (!parts || !(parts.host + parts.path + parts.query).includes('{username}')) return null;
  const host = stripHost(url.hostname);
  const path = url.pathname.replace(/\/+$/, '') + (parts.path.includes('#') ? url.hash : '');
  const query = parts.query ? url.search : '';
  const handle = '([^/?#.]+)';
  if (parts.host.includes('{username}')) {
    const [before = '', after = ''] = parts.host.split('{username}');
    const found = new RegExp(`^${escape(before)}${handle}${escape(after)}$`, 'i').exec(host);
    return found && (path === '' || path === '/') && found[1] !== 'www' ? found[1]! : null;
  }
  // A profile is built on the platform's own host (or its phone copy, or an alias) only.
  if (host !== parts.host && plainHost(url.hostname) !== parts.host && ALIASES[host] !== platform.id) return null;
  // signal.me/#p/{number}: the slash before the fragment is not in what URL gives as the path.
  const template = parts.path.replace(/\/(?=#)/, '') + parts.query;
  const [before = '', after = ''] = template.split('{username}');
  const tab = before !== '/' && after === '' ? '(?:/.*)?' : '';
  const found = new RegExp(`^${escape(before)}([^/?#]+)${escape(after)}${tab}$`, 'i').exec(path + query);
  // `facebook.com/profile.php?id=…` is a page of the site, not a handle.
  return found && !/\.(php|html?)$/i.test(found[1]!) ? decodeURIComponent(found[1]!) : null;
}

/** The hosts a platform's addresses live on: its template's host (or the part after the handle), and its aliases. */
const PLATFORM_HOSTS: [host: string, platformId: string][] = [
  ...Object.entries(ALIASES),
  ...PLATFORMS.flatMap((platform): [string, string][] => {
    const host = templateParts(platform)?.host;
    if (!host || host === '{username}') return [];
    // '{username}.tumblr.com': any subdomain of tumblr.com.
    return [[host.includes('{username}') ? host.slice(host.indexOf('.') + 1) : host, platform.id]];
  }),
  // The longest first, so `api.whatsapp.com` is looked at before a shorter host.
].sort(([a], [b]) => b.length - a.length);

/** The platform whose addresses live on this host (its template's host or a subdomain, or a known alias). */
function platformOfHost(hostname: string): Platform | undefined {
  const host = plainHost(hostname);
  const found = PLATFORM_HOSTS.find(([owner]) => onHost(host, owner));
  return found && findPlatform(found[1]);
}

const named = (platform: Platform, username: string): Recognised => ({
  platformId: platform.id,
  username,
  title: platform.name,
  icon: platform.icon,
});

/** A WhatsApp 'send' link carries the number in its query: `api.whatsapp.com/send?phone=…`. */
function whatsappNumber(url: URL): string | null {
  const phone = url.searchParams.get('phone');
  return phone && /\d{6,}/.test(phone) ? phone.replace(/\D/g, '') : null;
}

/** Reads what was pasted or typed; null for text that is no address at all (a bare handle). */
export function recogniseLink(input: string): Recognised | null {
  const text = input.trim();
  if (text === '') return null;
  const email = EMAIL.exec(text);
  if (email) return named(findPlatform('email')!, email[1]!);
  const phone = PHONE.exec(text);
  if (phone && (phone[1]!.match(/\d/g) ?? []).length >= 7) return named(findPlatform('phone')!, phone[1]!.trim());
  let url: URL;
  try {
    if (SCHEME.test(text) && !/^https?:\/\//i.test(text)) return null;
    if (!SCHEME.test(text) && !BARE_DOMAIN.test(text)) return null;
    url = new URL(SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const owner = platformOfHost(url.hostname);
  const number = owner?.id === 'whatsapp' ? whatsappNumber(url) : null;
  if (owner && number) return named(owner, number);
  // The most specific template first (more fixed text), so `/in/` beats a bare host pattern.
  const candidates = PLATFORMS.filter((platform) => platform.urlTemplate !== '{username}').sort(
    (a, b) => b.urlTemplate.length - a.urlTemplate.length,
  );
  for (const platform of candidates) {
    const handle = handleIn(platform, url);
    if (handle !== null) return named(platform, handle);
  }
  // Kept as pasted, with the scheme it may lack.
  const whole = SCHEME.test(text) ? text : `https://${text}`;
  // The platform is known but the address is not a profile its template can rebuild (a video, an
  // artist page): kept whole, with the platform's icon and name.
  if (owner) return { platformId: 'custom', username: whole, title: owner.name, icon: owner.icon };
  // Any other server's `/@name` is a fediverse profile: Mastodon's template takes `server/@name`.
  const fediverse = /^\/@([^/@]+)\/?$/.exec(url.pathname);
  if (fediverse) return named(findPlatform('mastodon')!, `${url.hostname}/@${fediverse[1]}`);
  const custom = findPlatform('custom')!;
  return { platformId: custom.id, username: whole, title: plainHost(url.hostname), icon: custom.icon };
}
