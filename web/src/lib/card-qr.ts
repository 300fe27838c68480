import type { User } from '@shared/types';

/**
 * Downloads the card's QR code as the card's own 'Download QR code' makes it (the same picture,
 * caption and file name, in the default colour): the card island's exporter, and qr-code-styling,
 * load on the first use only.
 */
export async function downloadCardQr(user: Pick<User, 'username' | 'name' | 'avatar_url' | 'avatar'>) {
  const [{ default: QRCodeStyling }, qr] = await Promise.all([import('qr-code-styling'), import('@/island/qr-image')]);
  const card = {
    username: user.username,
    name: user.name,
    avatar: user.avatar_url ?? user.avatar ?? '',
    accent: '',
    background: '',
    url: `${window.location.origin}/p/${encodeURIComponent(user.username)}`,
  };
  const image = await qr.centreImage(card);
  const code = new QRCodeStyling(qr.qrOptions(card, qr.DEFAULT_QR_COLOUR, image));
  qr.saveBlob(await qr.exportPng(code, user.username, qr.DEFAULT_QR_COLOUR), qr.qrFileName(user.username));
}
