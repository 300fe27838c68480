// Tracking parameters taken out of a link's address (docs/product.md §2, Links): on save, and
// again wherever an address is shown, so a link stored before this list still reads clean. One list,
// here, for the Worker and the dashboard alike; test/shared/clean-url.test.ts holds each entry.

/** Parameters removed whatever their value. A name ending in `*` is a prefix (`utm_source`...). */
export const TRACKING_PARAMETERS: readonly string[] = [
  'utm_*', // Google Analytics campaigns (utm_source, utm_medium, utm_campaign, utm_term, utm_content, utm_id)
  'si', // Spotify and YouTube share links
  'igsh', // Instagram share links
  'igshid', // Instagram share links, older
  'fbclid', // Facebook click id
  'gclid', // Google Ads click id
  'gbraid', // Google Ads (iOS)
  'wbraid', // Google Ads (iOS, web to app)
  'dclid', // Google Display click id
  'msclkid', // Microsoft Ads click id
  'ttclid', // TikTok click id
  'twclid', // X click id
  'li_fat_id', // LinkedIn click id
  'mc_eid', // Mailchimp subscriber id
  'mc_cid', // Mailchimp campaign id
  '_hsenc', // HubSpot
  '_hsmi', // HubSpot
  'mkt_tok', // Marketo
  'yclid', // Yandex click id
  'oly_enc_id', // Omeda
  'oly_anon_id', // Omeda
  'vero_id', // Vero
  'rb_clickid', // Rakuten
  's_cid', // Adobe campaigns
  'ref_src', // X share links
  'ref_url', // X share links
];

/** Parameters removed only with this value: `feature=share` is tracking, other `feature`s are not. */
export const TRACKING_PAIRS: readonly (readonly [string, string])[] = [
  ['feature', 'share'],
  ['feature', 'shared'],
  ['feature', 'youtu.be'],
];

/** Whether a query parameter only tracks the visitor (names compared in lower case). */
export function isTrackingParameter(name: string, value: string) {
  const key = name.toLowerCase();
  const listed = TRACKING_PARAMETERS.some((entry) =>
    entry.endsWith('*') ? key.startsWith(entry.slice(0, -1)) : key === entry,
  );
  if (listed) return true;
  return TRACKING_PAIRS.some(([pair, wanted]) => pair === key && value.toLowerCase() === wanted);
}

/**
 * The address without its tracking parameters; everything else (other parameters in their order,
 * the fragment, mailto: and tel:) as it was. Text that is no http(s) URL comes back unchanged.
 */
export function cleanUrl(value: string): string {
  if (!/^https?:\/\//i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (!url.search) return value;
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => {
      if (part === '') return false;
      const [rawName = '', rawValue = ''] = part.split('=');
      const decode = (text: string) => {
        try {
          return decodeURIComponent(text.replace(/\+/g, ' '));
        } catch {
          return text;
        }
      };
      return !isTrackingParameter(decode(rawName), decode(rawValue));
    });
  // The query is rebuilt from its own parts, so the kept ones keep their exact spelling.
  const search = kept.length > 0 ? `?${kept.join('&')}` : '';
  if (search === url.search) return value;
  const at = value.indexOf('?');
  const hash = value.indexOf('#', at);
  return `${value.slice(0, at)}${search}${hash >= 0 ? value.slice(hash) : ''}`;
}

/**
 * The readable part of a link's address for a list (docs/product.md §2, Links): host and path,
 * never the query or the fragment; `mailto:` and `tel:` without their scheme.
 */
export function readableAddress(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return decodeURIComponent(url.pathname);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return value;
  const host = url.host.replace(/^www\./i, '');
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  let readable = path;
  try {
    readable = decodeURI(path);
  } catch {
    // A path that is not valid percent-encoding reads as it is.
  }
  return `${host}${readable}`;
}
