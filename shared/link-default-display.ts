// How a new link is shown when its owner did not say (decision 0101): the editor's form and the
// Linktree import start a social profile as an icon of the row. Apart from link-display.ts, so the
// address reader it needs loads only where links are made, never at the card's start-up.
import type { LinkDisplay } from './link-display';
import { recogniseLink } from './link-recognise';

/**
 * Profiles that people expect as a row of icons under the name (Instagram, TikTok, X, LinkedIn, a
 * YouTube channel, GitHub and the like): a new link to one of them starts as an icon. Only the
 * profile itself (what the platform's template builds), never a post or a video on the same host.
 */
export const SOCIAL_ROW_PLATFORMS: ReadonlySet<string> = new Set([
  'instagram',
  'facebook',
  'twitter',
  'tiktok',
  'snapchat',
  'pinterest',
  'threads',
  'mastodon',
  'bluesky',
  'linkedin',
  'github',
  'gitlab',
  'codeberg',
  'youtube',
  'twitch',
  'dribbble',
  'behance',
]);

/** How a new link is shown when its owner did not say: an icon for a social profile, else a button. */
export function defaultDisplay(url: string): LinkDisplay {
  const recognised = recogniseLink(url);
  return recognised && SOCIAL_ROW_PLATFORMS.has(recognised.platformId) ? 'icon' : 'button';
}
