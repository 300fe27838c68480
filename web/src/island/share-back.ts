import type { CardData } from './card-data';

// Two-way exchange (issue 22): once a visitor has saved the owner's contact, the card offers
// the way back, 'Share your details back', when the owner takes contacts (the card then links to
// its contact form). Without a script the card's own 'Share your contact' link stays the way.

export const SHARE_BACK = 'Share your details back';

export function offerShareBack(root: HTMLElement, card: CardData) {
  const save = root.querySelector<HTMLAnchorElement>('a.save[download]');
  const form = root.querySelector<HTMLAnchorElement>(`a.save[href="/p/${card.username}/contact"]`);
  if (!save || !form) return;
  save.addEventListener('click', () => {
    if (document.getElementById('cl-back')) return;
    const first = card.name.trim().split(/\s+/)[0] || card.name;
    const panel = document.createElement('div');
    panel.id = 'cl-back';
    panel.className = 'cl-back';
    panel.setAttribute('role', 'status');
    const text = Object.assign(document.createElement('p'), {
      textContent: `${first}'s contact is saved. Let ${first} reach you too?`,
    });
    const go = Object.assign(document.createElement('a'), {
      className: 'cl-btn',
      href: form.getAttribute('href') ?? '',
      textContent: SHARE_BACK,
    });
    const later = Object.assign(document.createElement('button'), {
      type: 'button',
      className: 'cl-item',
      textContent: 'Not now',
    });
    later.addEventListener('click', () => panel.remove());
    const actions = document.createElement('div');
    actions.append(go, later);
    panel.append(text, actions);
    document.body.append(panel);
  });
}
