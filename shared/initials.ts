// The initials avatar, drawn by this product on the card, the QR centre and the SPA (spec section 9:
// a circle with up to 2 initials, the first letters of the name's words, uppercased). No outside service.

const PALETTE = ['#2563eb', '#7c3aed', '#db2777', '#ea580c', '#059669', '#0891b2', '#4f46e5', '#b45309'];

/** Up to two initials; empty when the name has none (callers choose 'U' or a generic icon). */
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
