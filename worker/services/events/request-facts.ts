/**
 * What a view or click event may keep about its request (README, Decisions: one KV entry per event): a
 * visitor hash instead of the IP (visitor-hash.ts), the country Cloudflare already resolved,
 * a referrer host, a coarse device class and the channel. Nothing here leaves the Worker.
 */

export type Device = 'mobile' | 'tablet' | 'desktop';

// Where browsers say a request is speculative: the standard Sec-Purpose, Chrome's older Purpose,
// Firefox's X-Moz (its link prefetch before Sec-Purpose) and Safari's X-Purpose (Top Sites'
// thumbnails: `preview`).
const PURPOSE_HEADERS = ['Sec-Purpose', 'Purpose', 'X-Moz', 'X-Purpose'];

/** A speculative prefetch, prerender or preview is not a view: nobody is looking at the card. */
export const isPrefetch = (headers: Headers) =>
  PURPOSE_HEADERS.some((name) => /prefetch|prerender|preview/i.test(headers.get(name) ?? ''));

export function deviceClass(userAgent: string): Device {
  if (/ipad|tablet|kindle|silk|playbook|android(?!.*mobile)/i.test(userAgent)) return 'tablet';
  if (/mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** Cloudflare's two-letter country; 'XX' (unknown) and anything malformed become null. */
export function countryOf(request: Request): string | null {
  const country = (request.cf as { country?: unknown } | undefined)?.country;
  return typeof country === 'string' && /^[A-Z][A-Z0-9]$/.test(country) && country !== 'XX' ? country : null;
}

const KNOWN_SOURCES = new Set(['qr', 'nfc', 'email', 'link']);

/**
 * Apps that open a card in the browser, named by their Android package, as the site they are
 * (docs/decisions/0082): a network's visitors are one referrer, from its app or its site.
 */
const APP_SITES: Record<string, string> = {
  'com.instagram.android': 'instagram.com',
  'com.facebook.katana': 'facebook.com',
  'com.facebook.lite': 'facebook.com',
  'com.facebook.orca': 'messenger.com',
  'com.linkedin.android': 'linkedin.com',
  'com.twitter.android': 'x.com',
  'com.zhiliaoapp.musically': 'tiktok.com',
  'com.ss.android.ugc.trill': 'tiktok.com',
  'com.reddit.frontpage': 'reddit.com',
  'com.pinterest': 'pinterest.com',
  'com.snapchat.android': 'snapchat.com',
  'com.google.android.youtube': 'youtube.com',
  'com.whatsapp': 'whatsapp.com',
  'org.telegram.messenger': 'telegram.org',
  'com.discord': 'discord.com',
  'com.slack': 'slack.com',
  'com.google.android.gm': 'mail.google.com',
  'com.microsoft.office.outlook': 'outlook.com',
  'com.google.android.googlequicksearchbox': 'google.com',
  'com.threads.android': 'threads.net',
  'com.instagram.barcelona': 'threads.net',
};

/** Short hosts of a network's own links and shims, by the site they are. */
const HOST_SITES: Record<string, string> = {
  't.co': 'x.com',
  'twitter.com': 'x.com',
  'lnkd.in': 'linkedin.com',
  'youtu.be': 'youtube.com',
  'fb.me': 'facebook.com',
};

// A network's link shims and mobile hosts (l.instagram.com, lm.facebook.com, m.youtube.com,
// www.linkedin.com) are the network: the first label goes when what is left is still a site.
const SITE_PREFIX = /^(?:www|m|mobile|l|lm|out|web)\./;

/** One name per site: without its `www.`/`m.`/link-shim label, an app by the site it is. */
function siteOf(host: string, protocol: string) {
  if (protocol === 'android-app:') return APP_SITES[host] ?? host;
  const rest = host.replace(SITE_PREFIX, '');
  const site = rest.includes('.') ? rest : host;
  return HOST_SITES[site] ?? site;
}

const hostOf = (value: string | null | undefined) => {
  if (!value) return null;
  try {
    const url = new URL(value.includes('://') ? value : `https://${value}`);
    // An Android app that opens the card in the browser (Gmail, a messenger) is named by its
    // package, `android-app://com.google.android.gm/`: a referrer like a site's host.
    if (!['http:', 'https:', 'android-app:'].includes(url.protocol)) return null;
    return siteOf(url.hostname.toLowerCase(), url.protocol).slice(0, 100);
  } catch {
    return null;
  }
};

/**
 * The page the visitor is on: the request itself for the server-rendered card, or the
 * same-origin Referer for the API calls the card makes (the JSON card, a click report),
 * whose query still carries `?src=` (the Referrer-Policy sends full same-origin URLs).
 */
function pageParams(request: Request, url: URL): URLSearchParams[] {
  const params = [url.searchParams];
  const referer = request.headers.get('Referer');
  if (referer) {
    try {
      const page = new URL(referer);
      if (page.host === url.host) params.push(page.searchParams);
    } catch {
      // A malformed Referer carries nothing.
    }
  }
  return params;
}

/**
 * Host of the outside page that sent the visitor: the Referer when it is another site, else
 * `?ref=` (the card's script may pass document.referrer's host along), else null (direct).
 */
export function referrerHost(request: Request, url = new URL(request.url)): string | null {
  const fromHeader = hostOf(request.headers.get('Referer'));
  if (fromHeader && fromHeader !== url.hostname.toLowerCase()) return fromHeader;
  for (const params of pageParams(request, url)) {
    const ref = hostOf(params.get('ref'));
    if (ref && ref !== url.hostname.toLowerCase()) return ref;
  }
  return null;
}

/**
 * How the visitor came (README, Decisions): `?src=qr|nfc|email|link` when present, else the
 * campaign's `utm_source` (lower-cased, at most 32 safe characters), else 'referral' when an
 * outside page sent them, else 'direct'.
 */
export function channelOf(request: Request, referrer: string | null, url = new URL(request.url)): string {
  for (const params of pageParams(request, url)) {
    const src = params.get('src')?.toLowerCase();
    if (src && KNOWN_SOURCES.has(src)) return src;
    const utm = params
      .get('utm_source')
      ?.toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 32);
    if (utm) return utm;
  }
  return referrer ? 'referral' : 'direct';
}
