import { cardLook } from '@shared/card-look';
import { inkOn, mutedOn } from '@shared/colour';
import { roleLine } from '@shared/card/role-line';
import { shorten } from '@shared/shorten';
import type { PublicCard } from '../services/public-card';

/** What both wallets show of a card: the name, a title line, @username and the QR of its URL. */
export type PassContent = {
  name: string;
  /** Title and company when given (the card's title line), else the bio's first line, else a plain description. */
  titleLine: string;
  username: string;
  cardUrl: string;
  /** The URL in the QR code, tagged so the statistics count it as a QR visit. */
  qrUrl: string;
  avatarUrl: string | null;
  colours: { background: string; foreground: string; label: string };
};

const TITLE_MAX = 60;
export const DEFAULT_TITLE_LINE = 'Digital business card';

export function titleLineOf(bio: string, role = '') {
  const line =
    role ||
    (bio
      .split(/\r?\n/)
      .map((part) => part.trim())
      .find(Boolean) ??
      '');
  if (!line) return DEFAULT_TITLE_LINE;
  return shorten(line, TITLE_MAX);
}

export function passContent(card: PublicCard, cardUrl: string): PassContent {
  const look = cardLook(card);
  const foreground = inkOn(look.accent);
  return {
    name: card.name,
    titleLine: titleLineOf(card.bio, roleLine(card)),
    username: card.username,
    cardUrl,
    qrUrl: `${cardUrl}?src=qr`,
    avatarUrl: look.showAvatar ? card.avatar_url : null,
    colours: { background: look.accent, foreground, label: mutedOn(foreground, look.accent) },
  };
}

/** `#rrggbb` as the `rgb(r, g, b)` that pass.json takes. */
export function rgbOf(hex: string) {
  const value = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
