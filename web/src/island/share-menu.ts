import type { CardData } from './card-data';
import { shareCard } from './share';
import type { IslandT } from './words';

const PLUS =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" aria-hidden="true"><path d="M12 5v14M5 12h14"/></svg>';

function qrDialog(card: CardData, t: IslandT) {
  const dialog = document.createElement('dialog');
  dialog.className = 'cl-dialog';
  dialog.setAttribute('aria-label', t('island.qr_code'));
  const close = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'cl-close',
    textContent: '×',
  });
  close.setAttribute('aria-label', t('island.close'));
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop lands on the dialog itself.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  const body = document.createElement('div');
  dialog.append(close, body);
  document.body.append(dialog);
  let mounted: Promise<void> | null = null;
  return () => {
    dialog.showModal();
    mounted ??= import('./qr-panel').then(({ mountQrPanel }) => mountQrPanel(body, card, t));
  };
}

/**
 * The floating action button (docs/product.md §2): Share, 'Show QR code' (the QR modal) and
 * Fullscreen (/qr/{username}).
 */
export function mountFab(card: CardData, t: IslandT) {
  const root = document.createElement('div');
  root.className = 'cl-fab';
  const menu = document.createElement('div');
  menu.className = 'cl-menu';
  menu.id = 'cl-menu';
  menu.hidden = true;
  const share = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'cl-item',
    textContent: t('island.share'),
  });
  const quick = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'cl-item',
    textContent: t('island.show_qr'),
  });
  const full = Object.assign(document.createElement('a'), {
    className: 'cl-item',
    textContent: t('island.fullscreen'),
    href: `/qr/${encodeURIComponent(card.username)}`,
  });
  menu.append(share, quick, full);
  const toggle = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'cl-fab-btn',
    innerHTML: PLUS,
  });
  toggle.setAttribute('aria-label', t('island.share_options'));
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', menu.id);
  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  };
  toggle.addEventListener('click', () => setOpen(menu.hidden));
  const openQr = qrDialog(card, t);
  share.addEventListener('click', () => {
    setOpen(false);
    void shareCard(card, t('island.copied'));
  });
  quick.addEventListener('click', () => {
    setOpen(false);
    openQr();
  });
  root.append(menu, toggle);
  document.body.append(root);
}
