import type { CardData } from './card-data';

export const COPIED_MESSAGE = 'Profile URL copied to clipboard!';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older or insecure contexts: the selection fallback.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** The native share sheet, else copy the page URL and say so (docs/product.md §2). */
export async function shareCard(card: CardData, copied = COPIED_MESSAGE) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `${card.name} (@${card.username})`, text: card.name, url: card.url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copy(card.url);
  alert(copied);
}
