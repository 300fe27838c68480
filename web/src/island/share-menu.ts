import type { CardData } from './card-data';
import { shareCard } from './share';
import type { IslandT } from './words';

const button = (className: string, text: string) =>
  Object.assign(document.createElement('button'), { type: 'button', className, textContent: text });

/**
 * A modal dialog: above the card with a backdrop, closed by Escape (the browser's own), by a tap on
 * the backdrop or by `close`; `onClose` runs when it closes, however it was closed.
 */
function modal(className: string, label: string, closeText: string, onClose: () => void) {
  const dialog = document.createElement('dialog');
  dialog.className = className;
  dialog.setAttribute('aria-label', label);
  const close = button('cl-close', '×');
  close.setAttribute('aria-label', closeText);
  close.addEventListener('click', () => dialog.close());
  // The dialog has no padding of its own, so a click on the dialog itself is a click on the backdrop.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', onClose);
  const body = document.createElement('div');
  dialog.append(body);
  body.append(close);
  document.body.append(dialog);
  return { dialog, body };
}

/**
 * The card's Share button (docs/product.md §2): the server draws it in the card's row of actions
 * as a link to the full-screen QR; here it becomes the button of a sheet with Share link, 'Show QR
 * code' (the QR modal) and Fullscreen (/qr/{username}). Focus comes back to the button when the
 * sheet or the QR modal closes.
 */
export function mountShareMenu(root: HTMLElement, card: CardData, t: IslandT) {
  const link = root.querySelector<HTMLAnchorElement>('a.share');
  if (!link) return;
  const toggle = button(link.className, '');
  toggle.innerHTML = link.innerHTML;
  toggle.setAttribute('aria-haspopup', 'dialog');
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', 'cl-menu');
  link.replaceWith(toggle);

  const qr = modal('cl-dialog', t('island.qr_code'), t('island.close'), () => toggle.focus());
  const qrRoot = document.createElement('div');
  qr.body.append(qrRoot);
  let qrMounted: Promise<void> | null = null;
  const openQr = () => {
    qr.dialog.showModal();
    qrMounted ??= import('./qr-panel').then(({ mountQrPanel }) => mountQrPanel(qrRoot, card, t));
  };

  const sheet = modal('cl-dialog cl-sheet', t('island.share_options'), t('island.close'), () => {
    toggle.setAttribute('aria-expanded', 'false');
    toggle.focus();
  });
  sheet.dialog.id = 'cl-menu';
  const title = Object.assign(document.createElement('p'), {
    className: 'cl-title',
    textContent: t('island.share_options'),
  });
  const share = button('cl-item', t('island.share'));
  const quick = button('cl-item', t('island.show_qr'));
  const full = Object.assign(document.createElement('a'), {
    className: 'cl-item',
    textContent: t('island.fullscreen'),
    href: `/qr/${encodeURIComponent(card.username)}`,
  });
  sheet.body.append(title, share, quick, full);

  toggle.addEventListener('click', () => {
    sheet.dialog.showModal();
    toggle.setAttribute('aria-expanded', 'true');
  });
  share.addEventListener('click', () => {
    sheet.dialog.close();
    void shareCard(card, t('island.copied'));
  });
  quick.addEventListener('click', () => {
    sheet.dialog.close();
    openQr();
  });
}
