// The card's address tagged per channel (README, Decisions: privacy of statistics): the
// statistics tell QR, NFC, e-mail and link visits apart by `?src=`.
export const CHANNELS = [
  { src: 'link', label: 'Link', hint: 'For chats, social posts and your website' },
  { src: 'email', label: 'Email', hint: 'For your email signature and newsletters' },
  { src: 'nfc', label: 'NFC', hint: 'For an NFC tag or card' },
  { src: 'qr', label: 'QR code', hint: 'For a printed QR code' },
] as const;

export type Channel = (typeof CHANNELS)[number]['src'];

export const channelUrl = (origin: string, username: string, src: Channel) => `${origin}/p/${username}?src=${src}`;
