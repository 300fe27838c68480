// Which catalogue platform a URL belongs to: the links form (editing a stored link) and the
// Worker's link import read a URL the same way.
import { DEFAULT_PLATFORM_ID, findPlatform, PLATFORMS, type Platform } from './platforms';

/** Platforms whose input is the whole URL (docs/product.md §3): their template is just `{username}`. */
export const takesFullUrl = (platform: Platform | undefined) => !platform || platform.urlTemplate === '{username}';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const SCHEME = /^https?:\/\//i;

/** The template's fixed text around `{username}`, without scheme and `www.`: how specific it is. */
export const literalOf = (template: string) =>
  template
    .replace(SCHEME, '')
    .replace(/^www\./i, '')
    .replace('{username}', '');

/** Matches a URL against a platform's template, tolerating http/https, `www.` and a trailing slash. */
export function matchTemplate(platform: Platform, url: string): string | null {
  const template = platform.urlTemplate;
  if (!template.includes('{username}')) return null;
  const hasScheme = SCHEME.test(template);
  const body = template.replace(SCHEME, '').replace(/^www\./i, '');
  const [before = '', after = ''] = body.split('{username}');
  const prefix = hasScheme ? '(?:https?:\\/\\/)?(?:www\\.)?' : '';
  // A handle in the host (`{username}.tumblr.com`) is a host's label: no path, query, user or
  // port in it, so `https://evil.example/.tumblr.com` is no Tumblr blog.
  const inHost = hasScheme && !before.includes('/') && after.startsWith('.') && !after.includes('/');
  const handle = inHost ? '([^/?#@:\\\\\\s]+?)' : '(.+?)';
  const match = new RegExp(`^${prefix}${escape(before)}${handle}${escape(after)}\\/?$`, 'i').exec(url.trim());
  return match?.[1] ?? null;
}

/**
 * Which platform a stored link belongs to, found by matching its url against every template.
 * The most specific template wins; templates with no fixed text (e.g. Mastodon's `https://{username}`)
 * match everything, so they count only when the link's icon is theirs.
 */
export function detectPlatform(link: { url: string; icon: string }): { platformId: string; username: string } {
  let best: { platform: Platform; username: string; score: number } | null = null;
  for (const platform of PLATFORMS) {
    if (takesFullUrl(platform)) continue;
    const username = matchTemplate(platform, link.url);
    if (username === null) continue;
    const literal = literalOf(platform.urlTemplate).length;
    const ownIcon = link.icon === platform.icon;
    if (literal === 0 && !ownIcon) continue;
    const score = literal + (ownIcon ? 10_000 : 0);
    if (!best || score > best.score) best = { platform, username, score };
  }
  if (best) return { platformId: best.platform.id, username: best.username };
  const website = findPlatform('website');
  if (website && link.icon === website.icon) return { platformId: website.id, username: link.url };
  return { platformId: DEFAULT_PLATFORM_ID, username: link.url };
}
