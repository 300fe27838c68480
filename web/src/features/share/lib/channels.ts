// The card's address tagged per channel (README, Decisions: privacy of statistics): the
// statistics tell QR, NFC, e-mail and link visits apart by `?src=`. Their names and hints are in
// the share area's words (share.channel_*, share.hint_*).
export const CHANNELS = ['link', 'email', 'nfc', 'qr'] as const;

export type Channel = (typeof CHANNELS)[number];

export const channelUrl = (origin: string, username: string, src: Channel) => `${origin}/p/${username}?src=${src}`;
