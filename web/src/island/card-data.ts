/** What the server-rendered page hands the island, as data-* attributes on its root element. */
export type CardData = {
  username: string;
  name: string;
  avatar: string;
  accent: string;
  background: string;
  /** The card's canonical URL (/p/{username}, no query). */
  url: string;
};

export const readCard = (el: HTMLElement): CardData => ({
  username: el.dataset.username ?? '',
  name: el.dataset.name ?? '',
  avatar: el.dataset.avatar ?? '',
  accent: el.dataset.accent ?? '#3b82f6',
  background: el.dataset.background ?? '#ffffff',
  url: el.dataset.url ?? location.href,
});

/** The QR's target: the card, marked so scans are counted as the QR channel. */
export const qrTarget = (card: CardData) => `${card.url}?src=qr`;
