import type { CardData } from './card-data';
import type { IslandT } from './words';

// Two-way exchange (docs/product.md §2, The card): once a visitor has saved the owner's contact, the card offers
// the way back, 'Share your details back', when the owner takes contacts (the card then links to
// its contact form). Without a script the card's own 'Share your contact' link stays the way.

/**
 * Listens from the start, so a visitor who saves the contact at once still gets the offer; its
 * words (still on their way then) are awaited on the tap.
 */
export function offerShareBack(root: HTMLElement, card: CardData, words: Promise<IslandT>) {
  const save = root.querySelector<HTMLAnchorElement>('a.save[download]');
  const form = root.querySelector<HTMLAnchorElement>(`a.save[href="/p/${card.username}/contact"]`);
  if (!save || !form) return;
  save.addEventListener('click', () => void words.then((t) => show(t)));
  const show = (t: IslandT) => {
    if (document.getElementById('cl-back')) return;
    const first = card.name.trim().split(/\s+/)[0] || card.name;
    const panel = document.createElement('div');
    panel.id = 'cl-back';
    panel.className = 'cl-back';
    panel.setAttribute('role', 'status');
    // The name sits in <bdi>: a Latin name in an Arabic sentence keeps the words in order.
    const text = document.createElement('p');
    const parts = t('island.saved', { first: '\uE000' }).split('\uE000');
    parts.forEach((part, i) => {
      if (i > 0) text.append(Object.assign(document.createElement('bdi'), { textContent: first }));
      text.append(part);
    });
    const go = Object.assign(document.createElement('a'), {
      className: 'cl-btn',
      href: form.getAttribute('href') ?? '',
      textContent: t('island.share_back'),
    });
    const later = Object.assign(document.createElement('button'), {
      type: 'button',
      className: 'cl-item',
      textContent: t('island.not_now'),
    });
    later.addEventListener('click', () => panel.remove());
    const actions = document.createElement('div');
    actions.append(go, later);
    panel.append(text, actions);
    document.body.append(panel);
  };
}
