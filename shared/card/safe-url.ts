import { DEFAULT_ICON } from '../platforms';
import { isAllowedIcon, isAllowedLinkUrl, isIconOnSiteOutsideImages } from '../link-rules';

// Re-checked at render time even though the API validates on write: a row that reached D1
// another way (an old import, a manual fix, a future bug) must still never put
// `javascript:` or `data:` into an href a visitor can click.

/** The link's href when it is http(s), mailto: or tel:, else null (the link is not rendered). */
export function safeHref(value: string): string | null {
  const trimmed = value.trim();
  if (!isAllowedLinkUrl(trimmed)) return null;
  return new URL(trimmed).href;
}

/**
 * A link icon: one of this product's images or an https image elsewhere (README, Decisions:
 * icons), never another path of the card's own site (`origin`); anything else is the generic icon.
 */
export function safeIcon(value: string, origin: string): string {
  if (!value || !isAllowedIcon(value)) return DEFAULT_ICON;
  return isIconOnSiteOutsideImages(value, [new URL(origin).hostname]) ? DEFAULT_ICON : value;
}

/** An image of this product (avatars and covers are served from /media on the same origin). */
export function safeImage(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
