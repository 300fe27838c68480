// The card the dashboard works on (docs/decisions/0091-cards-apart-from-accounts.md): the
// address names it (`?card=<id>`), so a reload, a bookmark and two tabs on two cards each keep
// their own. Without one it is the account's primary card, which the spec's /v1/user/ routes act
// on. A card's own calls then go to its twin under /v1/cards/{id}/, and the query cache is kept
// per card (query-client.ts), so one card's answers never show on another's screen.

export const CARD_PARAM = 'card';

/** A card's own resources under /v1/user/ (the account's sessions and security are not). */
const CARD_RESOURCE = /^\/v1\/user\/(profile|stats|links|themes|templates|wallet|share|contacts)(?=[/?]|$)/;

/**
 * The card named last in this tab, kept while the address has none: a link inside the dashboard
 * that names only a screen ('Add your first link', a sidebar entry) stays on that card, and the
 * shell writes it back into the address (useCardInView). Forgotten when the account signs out.
 */
let kept: string | null = null;

function named(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get(CARD_PARAM) || null;
}

/** The id of the card in view, or null for the primary card. */
export function cardInView(): string | null {
  // Kept quietly: this runs while components render (the query cache asks it), and whoever shows
  // the card reads the address itself (useCardInView).
  const card = named();
  if (card) kept = card;
  return card ?? kept;
}

/** The path of an API call, sent to the card in view's twin when it is a card's own resource. */
export function cardPath(path: string, card = cardInView()): string {
  return card ? path.replace(CARD_RESOURCE, `/v1/cards/${encodeURIComponent(card)}/$1`) : path;
}

/** Back to the primary card: after signing out, or when the address names no card of this account. */
export function forgetCardInView() {
  kept = null;
}
