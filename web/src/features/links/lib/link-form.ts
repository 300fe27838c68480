import { buildPlatformUrl, DEFAULT_PLATFORM_ID, findPlatform, PLATFORMS, type Platform } from '@shared/platforms';
import type { Link } from '@shared/types';
import type { LinkFormInput, LinkFormValues } from './link-form-schema';

/** Platforms whose input is the whole URL (spec section 3): their template is just `{username}`. */
export const takesFullUrl = (platform: Platform | undefined) => !platform || platform.urlTemplate === '{username}';

export function defaultLinkValues(linkCount: number): LinkFormInput {
  const platform = findPlatform(DEFAULT_PLATFORM_ID);
  return {
    title: '',
    platformId: DEFAULT_PLATFORM_ID,
    username: '',
    url: '',
    icon: platform?.icon ?? '',
    display_order: linkCount,
    is_active: true,
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const SCHEME = /^https?:\/\//i;

/** The template's fixed text around `{username}`, without scheme and `www.`: how specific it is. */
const literalOf = (template: string) =>
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
  const match = new RegExp(`^${prefix}${escape(before)}(.+?)${escape(after)}\\/?$`, 'i').exec(url.trim());
  return match?.[1] ?? null;
}

/**
 * A full URL typed or pasted into the username field is reduced to the username when it matches
 * the chosen platform's template (spec section 4); anything else is kept as typed.
 */
export function reduceToUsername(platform: Platform | undefined, value: string): string {
  if (!platform || takesFullUrl(platform) || literalOf(platform.urlTemplate) === '') return value;
  if (!/[/:.]/.test(value)) return value;
  return matchTemplate(platform, value) ?? value;
}

/**
 * Which platform a stored link belongs to, found by matching its url against every template.
 * The most specific template wins; templates with no fixed text (e.g. Mastodon's `https://{username}`)
 * match everything, so they count only when the link's icon is theirs.
 */
export function detectPlatform(link: Pick<Link, 'url' | 'icon'>): { platformId: string; username: string } {
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

export function linkToFormValues(link: Link): LinkFormInput {
  const { platformId, username } = detectPlatform(link);
  return {
    title: link.title,
    platformId,
    username,
    url: link.url,
    icon: link.icon,
    display_order: link.display_order,
    is_active: link.is_active,
  };
}

/**
 * The url a platform builds from the username; website and custom take the input as the URL,
 * with https:// added when a bare address such as example.com is typed.
 */
export function buildUrl(platformId: string, username: string): string {
  const platform = findPlatform(platformId);
  const value = username.trim();
  if (takesFullUrl(platform)) return value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value;
  return platform ? buildPlatformUrl(platform, value) : value;
}

/** What POST/PUT /v1/user/links receive (spec section 7). */
export const toLinkPayload = (values: LinkFormValues) => ({
  title: values.title,
  url: buildUrl(values.platformId, values.username),
  icon: values.icon?.trim() ?? '',
  display_order: values.display_order,
  is_active: values.is_active ?? true,
});
export type LinkPayload = ReturnType<typeof toLinkPayload>;

/** Spec section 2: the url shown in the list is cut at 30 characters plus '...'. */
