// What a link is and how the card draws it (docs/product.md §2, the card; decision 0101): a link
// or a header that starts a section, and for a link a button, an icon in the social row under the
// name, or a player. Plain data and one pure function: the Worker, the editor and the import read it.
import { recogniseLink } from './link-recognise';

export const LINK_KINDS = ['link', 'header'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export const LINK_DISPLAYS = ['button', 'icon', 'player'] as const;
export type LinkDisplay = (typeof LINK_DISPLAYS)[number];

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

/**
 * Whether the card can play this address in place. The players themselves (and the list of
 * addresses they play) belong to the player module; until it says yes for an address, 'player'
 * is refused for it, so a card never promises a player it cannot draw. The hook to extend.
 */
export function canPlay(url: string, players: (url: string) => boolean = () => false): boolean {
  return players(url);
}

export const PLAYER_MESSAGE = 'This address cannot be played on the card: show it as a button or an icon';
export const HEADER_URL_MESSAGE = 'A header is a title only: it has no URL';
export const HEADER_DISPLAY_MESSAGE = 'A header is a title only: it is shown as a header, not as a button or an icon';
