// The initials avatar, drawn by this product on the card, the QR centre and the SPA (docs/product.md §9:
// a circle with up to 2 initials, the first letters of the name's words, uppercased). No outside service.

const PALETTE = ['#2563eb', '#7c3aed', '#db2777', '#ea580c', '#059669', '#0891b2', '#4f46e5', '#b45309'];

/** Up to two initials; empty when the name has none (the card then draws GENERIC_PERSON). */
export function initialsOf(name: string) {
  const letters = name
    .trim()
    .split(/\s+/)
    .map((word) => Array.from(word)[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
  return letters;
}

/** A stable colour per name, so a card keeps its look between visits. */
export function colourOf(name: string) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0]!;
}

/**
 * The card avatar's last fallback (docs/product.md §2: photo, initials, then a generic icon): a
 * person glyph on a 24x24 grid, drawn by the edge page and the SPA's card alike.
 */
export const GENERIC_PERSON = 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z';
