// The e-mail signature's layouts (docs/product.md §2, Share): how the Share screen draws the
// signature a card's owner pastes into their mail program. Stored on the card
// (`cards.signature_layout`) and on an organisation's template, which sets it on every work card;
// null is the standard layout. No schema library here: the Share screen reads it.

/**
 * standard: the photo beside the name, role, bio, phone and e-mail, the links' icons and 'View my
 * card'; compact: one line of text, no photo, no icons; banner: a larger photo above, the name in
 * the accent, the links as larger icons in a row.
 */
export const SIGNATURE_LAYOUTS = ['standard', 'compact', 'banner'] as const;
export type SignatureLayout = (typeof SIGNATURE_LAYOUTS)[number];
export const DEFAULT_SIGNATURE_LAYOUT: SignatureLayout = 'standard';

export const SIGNATURE_LAYOUT_MESSAGE = `The signature layout must be one of: ${SIGNATURE_LAYOUTS.join(', ')}`;

export const isSignatureLayout = (value: unknown): value is SignatureLayout =>
  typeof value === 'string' && (SIGNATURE_LAYOUTS as readonly string[]).includes(value);
