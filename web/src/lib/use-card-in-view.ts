import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CARD_PARAM, cardInView } from './card-in-view';
import { useCards } from './cards-query';

/**
 * The card in view for a component: the address's, else the one kept; and a kept card written
 * back into an address that lost it, so what the address says is what the screen shows.
 */
export function useCardInView(): string | null {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(CARD_PARAM);
  // Read on each render: the address changes with every navigation, which renders this again.
  const card = inAddress || cardInView();
  useEffect(() => {
    if (inAddress || !card) return;
    setParams(
      (current) => {
        current.set(CARD_PARAM, card);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [inAddress, card, setParams]);
  return card;
}

/**
 * The card in view's own id, the primary card's too (which useCardInView answers as null): what
 * a card's own memory in this browser is kept under (first-run.ts). The primary card's comes from
 * the account's list, which the header's switcher reads anyway; null until it has come.
 */
export function useCardId(): string | null {
  const inView = useCardInView();
  const cards = useCards();
  return inView ?? cards.data?.cards.find((card) => card.is_primary)?.id ?? null;
}

/** An address of the app with the card in view named, for a link or a bookmark. */
export function withCard(to: string, card = cardInView()): string {
  if (!card) return to;
  const url = new URL(to, 'http://app.invalid');
  url.searchParams.set(CARD_PARAM, card);
  return `${url.pathname}${url.search}${url.hash}`;
}
