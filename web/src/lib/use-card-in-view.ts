import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CARD_PARAM, cardInView } from './card-in-view';

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

/** An address of the app with the card in view named, for a link or a bookmark. */
export function withCard(to: string, card = cardInView()): string {
  if (!card) return to;
  const url = new URL(to, 'http://app.invalid');
  url.searchParams.set(CARD_PARAM, card);
  return `${url.pathname}${url.search}${url.hash}`;
}
