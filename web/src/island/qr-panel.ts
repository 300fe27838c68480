import { QR_PALETTE } from '@shared/constants';
import type { CardData } from './card-data';
import type { IslandT } from './words';
import {
  centreImage,
  DEFAULT_QR_COLOUR,
  exportPng,
  makeQr,
  qrCaption,
  qrFileName,
  qrOptions,
  saveBlob,
} from './qr-image';

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}) =>
  Object.assign(document.createElement(tag), props);

/**
 * The QR panel of the 'Show QR code' modal and of /qr/{username}: the code, the '@USERNAME'
 * caption, six colour swatches and 'Download QR code'. qr-code-styling is fetched here, on
 * first use, so the island itself stays small.
 */
export async function mountQrPanel(container: HTMLElement, card: CardData, t: IslandT) {
  const box = el('div', { className: 'cl-qr-box' });
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', t('island.qr_for', { handle: `@${card.username}` }));
  // A username is Latin: left to right, so an Arabic card does not show it as 'ADA@'.
  const caption = el('p', { className: 'cl-qr-cap', dir: 'ltr', textContent: qrCaption(card.username) });
  const swatches = el('div', { className: 'cl-swatches' });
  swatches.setAttribute('role', 'group');
  swatches.setAttribute('aria-label', t('island.qr_colour'));
  const download = el('button', {
    type: 'button',
    className: 'cl-btn',
    textContent: t('island.download'),
    disabled: true,
  });
  const panel = el('div', { className: 'cl-qr' });
  panel.dataset.qrReady = 'false';
  panel.append(box, caption, swatches, download);
  container.replaceChildren(panel);

  const [{ default: QRCodeStyling }, image] = await Promise.all([import('qr-code-styling'), centreImage(card)]);
  let colour: string = DEFAULT_QR_COLOUR;
  const qr = makeQr(QRCodeStyling, qrOptions(card, colour, image));
  qr.append(box);
  panel.dataset.qrReady = 'true';
  download.disabled = false;

  for (const swatch of QR_PALETTE) {
    const button = el('button', { type: 'button', className: 'cl-swatch' });
    button.style.background = swatch;
    button.setAttribute('aria-label', t('island.qr_colour_value', { colour: swatch }));
    button.setAttribute('aria-pressed', String(swatch === colour));
    button.addEventListener('click', () => {
      colour = swatch;
      qr.update(qrOptions(card, colour, image));
      for (const other of swatches.children) other.setAttribute('aria-pressed', String(other === button));
    });
    swatches.append(button);
  }

  download.addEventListener('click', async () => {
    download.disabled = true;
    download.textContent = t('island.processing');
    try {
      saveBlob(await exportPng(qr, card.username, colour), qrFileName(card.username));
    } catch (error) {
      console.error('QR download failed', error);
      alert(t('island.download_failed'));
    } finally {
      download.disabled = false;
      download.textContent = t('island.download');
    }
  });
}
