// What a link is and how the card draws it (docs/product.md §2, the card; decision 0101): a link
// or a header that starts a section, and for a link a button, an icon in the social row under the
// name, or a player. Plain data: the Worker, the editor and the import read it. The default for a
// new link is in link-default-display.ts, apart, since it needs the address reader, which the
// card's start-up does not.

export const LINK_KINDS = ['link', 'header'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export const LINK_DISPLAYS = ['button', 'icon', 'player'] as const;
export type LinkDisplay = (typeof LINK_DISPLAYS)[number];

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
