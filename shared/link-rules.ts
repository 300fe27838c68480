// Which link URLs and icons a card may carry: plain functions (no zod), so the card's component
// can re-check them at render time without bringing the validation library into the dashboard.
import { DEFAULT_ICON, PLATFORMS } from './platforms';

/** The schemes a visitor's click may open: never javascript:, data: or an app's own scheme. */
export function isAllowedLinkUrl(value: string) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname.length > 0;
  return (url.protocol === 'mailto:' || url.protocol === 'tel:') && url.pathname.length > 0;
}

const CATALOGUE_ICONS = new Set([DEFAULT_ICON, ...PLATFORMS.map((platform) => platform.icon)]);
const MEDIA_PATH = /^\/media\/[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/;

/** One of this product's own images: a catalogue icon (/icons/github.svg) or an upload under /media/. */
export const isOwnImagePath = (value: string) =>
  CATALOGUE_ICONS.has(value) || (MEDIA_PATH.test(value) && !value.split('/').includes('..'));

/**
 * A link icon (README, Decisions: icons): empty, one of this product's own images, or an
 * https image elsewhere. Never another path of this site: the card's visitors' browsers fetch
 * it, so `/v1/link/7/click` or `/p/someone` would count events for another card.
 */
export function isAllowedIcon(value: string) {
  if (value === '' || isOwnImagePath(value)) return true;
  if (!/^https:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

/** A host name as a browser resolves it: lower case, without trailing dots or IPv6 brackets. */
export const normalHost = (hostname: string) =>
  hostname
    .toLowerCase()
    .replace(/\.+$/, '')
    .replace(/^\[(.*)\]$/, '$1');

/**
 * An https icon on one of this deployment's host names (any port) is held to the rule for paths:
 * `https://<this host>/v1/...` is as much another path of this site as `/v1/...`.
 */
export function isIconOnSiteOutsideImages(icon: string, siteHosts: readonly string[]) {
  if (!/^https:\/\//i.test(icon)) return false;
  let url: URL;
  try {
    url = new URL(icon);
  } catch {
    return false;
  }
  const hosts = new Set(siteHosts.map(normalHost));
  return hosts.has(normalHost(url.hostname)) && !isOwnImagePath(url.pathname);
}

/**
 * A custom theme's background image URL (docs/product.md §3): the icon rule for a URL (https, and
 * never another path of this deployment: the card's visitors' browsers fetch it), or this
 * deployment's own image as the API answers an upload (`<origin>/media/backgrounds/...`), on
 * whatever scheme the site is served (http locally).
 */
export function isAllowedBackgroundUrl(value: string, siteHosts: readonly string[]) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const onSite = siteHosts.map(normalHost).includes(normalHost(url.hostname));
  if (url.protocol === 'http:' && onSite) return isOwnImagePath(url.pathname);
  return /^https:\/\//i.test(value) && isAllowedIcon(value) && !isIconOnSiteOutsideImages(value, siteHosts);
}
