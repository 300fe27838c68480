// The card's address tagged per channel (README, Decisions: privacy of statistics): the
// statistics tell QR, NFC, e-mail and link visits apart by `?src=`. Their names and hints are in
// the share area's words (share.channel_*, share.hint_*).
export const CHANNELS = ['link', 'email', 'nfc', 'qr'] as const;

export type Channel = (typeof CHANNELS)[number];

/** The card's address tagged for a channel: `address` is cardAddress's (its own domain once active). */
export const channelUrl = (address: string, src: Channel) => `${address}?src=${src}`;
