import type QRCodeStyling from 'qr-code-styling';
import type { User } from '@shared/types';

// The card's QR code in the dashboard: the header's download, the Share screen's panel and the
// full-screen 'Show my QR' (docs/product.md §2). Drawn exactly as the card's own 'Download QR code' draws
// it (web/src/island/qr-image.ts); the exporter and qr-code-styling load on the first use only.

export type QrOwner = Pick<User, 'username' | 'name'> &
  Partial<Pick<User, 'avatar_url' | 'avatar' | 'logo_url'>> & {
    /** The card's address: its own domain once active (the Share screen), else /p/{username} here. */
    url?: string;
  };
/** What the middle of the code shows: the photo (or initials), or the company logo (docs/product.md §9). */
export type QrCentre = 'photo' | 'logo';

const cardOf = (user: QrOwner) => ({
  username: user.username,
  name: user.name,
  avatar: user.avatar_url ?? user.avatar ?? '',
  accent: '',
  background: '',
  url: user.url ?? `${window.location.origin}/p/${encodeURIComponent(user.username)}`,
});

/** The code in the default colour, its exporter module, and the card it stands for. */
export async function loadCardQr(user: QrOwner, centre: QrCentre = 'photo') {
  const [{ default: Styling }, qr] = await Promise.all([import('qr-code-styling'), import('@/island/qr-image')]);
  const card = cardOf(user);
  // The logo when chosen and it loads; else the photo, as before.
  const logo =
    centre === 'logo' && user.logo_url ? await (await import('@/island/qr-logo')).logoCentre(user.logo_url) : null;
  const image = logo ?? (await qr.centreImage(card));
  const code: QRCodeStyling = qr.makeQr(Styling, qr.qrOptions(card, qr.DEFAULT_QR_COLOUR, image));
  return {
    code,
    /** The 2350x2700 PNG with the '@USERNAME' caption, as {username}_qrcode.png. */
    downloadPng: async () =>
      qr.saveBlob(await qr.exportPng(code, user.username, qr.DEFAULT_QR_COLOUR), qr.qrFileName(user.username)),
    /** The code alone as an SVG, for print: {username}_qrcode.svg. */
    downloadSvg: async () => {
      const svg = await code.getRawData('svg');
      if (!(svg instanceof Blob)) throw new Error('QR code not rendered');
      qr.saveBlob(svg, qr.qrFileName(user.username).replace(/\.png$/, '.svg'));
    },
  };
}

/** The header's 'Download QR' (docs/product.md §2). */
export async function downloadCardQr(user: QrOwner) {
  await (await loadCardQr(user)).downloadPng();
}
