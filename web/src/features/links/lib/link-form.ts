import { buildPlatformUrl, DEFAULT_PLATFORM_ID, findPlatform, type Platform } from '@shared/platforms';
import { detectPlatform, literalOf, matchTemplate, takesFullUrl } from '@shared/platform-detect';
import type { Link } from '@shared/types';
import type { LinkFormInput, LinkFormValues } from './link-form-schema';
import { defaultTitle } from './platform-field';
import { fromLocalInput, toLocalInput } from './link-schedule';

// Platform detection is shared with the Worker's link import (shared/platform-detect.ts).
export { detectPlatform, matchTemplate, takesFullUrl };

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
    display: 'button',
    starts_at: '',
    ends_at: '',
    highlight: false,
    sensitive: false,
  };
}

/**
 * A full URL typed or pasted into the username field is reduced to the username when it matches
 * the chosen platform's template (docs/product.md §4); anything else is kept as typed.
 */
export function reduceToUsername(platform: Platform | undefined, value: string): string {
  if (!platform || takesFullUrl(platform) || literalOf(platform.urlTemplate) === '') return value;
  if (!/[/:.]/.test(value)) return value;
  return matchTemplate(platform, value) ?? value;
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
    display: link.display,
    starts_at: toLocalInput(link.starts_at),
    ends_at: toLocalInput(link.ends_at),
    highlight: link.highlight,
    sensitive: link.sensitive,
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

/** What POST/PUT /v1/user/links receive (docs/product.md §7). */
export const toLinkPayload = (values: LinkFormValues) => ({
  title: values.title.trim() || defaultTitle(values.platformId, values.username),
  url: buildUrl(values.platformId, values.username),
  icon: values.icon?.trim() ?? '',
  display_order: values.display_order,
  is_active: values.is_active ?? true,
  // What differs from a plain button, always shown, unmarked: a new link says only what was chosen.
  ...optionsOf(values),
});

type LinkOptionsPayload = {
  display?: 'button' | 'icon' | 'player';
  starts_at?: string | null;
  ends_at?: string | null;
  highlight?: boolean;
  sensitive?: boolean;
};

function optionsOf(values: LinkFormValues): LinkOptionsPayload {
  const startsAt = fromLocalInput(values.starts_at);
  const endsAt = fromLocalInput(values.ends_at);
  return {
    ...(values.display && values.display !== 'button' ? { display: values.display } : {}),
    ...(startsAt ? { starts_at: startsAt } : {}),
    ...(endsAt ? { ends_at: endsAt } : {}),
    ...(values.highlight ? { highlight: true } : {}),
    ...(values.sensitive ? { sensitive: true } : {}),
  };
}
export type LinkPayload = ReturnType<typeof toLinkPayload>;

/**
 * An edit sends only what differs from the link as the form opened it, and never its place: the
 * order belongs to PUT /links/order, and a field the owner left alone may have been changed since
 * in another tab or on a phone (hidden, moved), which a stale copy would silently undo.
 */
export function changedLinkFields(link: Link, payload: LinkPayload): Partial<LinkPayload> {
  const changed: Partial<LinkPayload> = {};
  if (payload.title !== link.title) changed.title = payload.title;
  if (payload.url !== link.url) changed.url = payload.url;
  if (payload.icon !== link.icon) changed.icon = payload.icon;
  if (payload.is_active !== link.is_active) changed.is_active = payload.is_active;
  const display = payload.display ?? 'button';
  if (display !== link.display) changed.display = display;
  // Compared as moments: the form holds minutes, the link may hold the same time spelled otherwise.
  const moment = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);
  if (moment(payload.starts_at) !== moment(link.starts_at)) changed.starts_at = payload.starts_at ?? null;
  if (moment(payload.ends_at) !== moment(link.ends_at)) changed.ends_at = payload.ends_at ?? null;
  if ((payload.highlight ?? false) !== link.highlight) changed.highlight = payload.highlight ?? false;
  if ((payload.sensitive ?? false) !== link.sensitive) changed.sensitive = payload.sensitive ?? false;
  return changed;
}
