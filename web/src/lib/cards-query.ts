import { hashKey, queryOptions, useQuery } from '@tanstack/react-query';
import type { CardListItem } from '@shared/schemas/cards';
import { getData } from './api-client';
import { useAuthState } from './auth-store';
import { words } from './i18n';

const t = words('shell');

// The account's cards, GET /v1/cards (docs/decisions/0091-cards-apart-from-accounts.md): read by
// the cards feature (the header's switcher, the overview's list) and by whoever needs to know which
// card is the primary one (use-card-in-view.ts), so it lives here rather than in one feature.

export type CardList = { cards: CardListItem[]; limit: number };

export const cardsQueryKey = ['cards'] as const;

const isCardList = (data: unknown): data is CardList =>
  typeof data === 'object' && data !== null && Array.isArray((data as CardList).cards);

/**
 * The list (the header's), or with each card's views and clicks (the overview's: they cost the
 * server a read per card, so only the screen that shows them asks). The account's, whichever card
 * is in view: one cache entry for every card (query-client.ts hashes other keys per card).
 */
export const cardsQueryOptions = ({ counts = false } = {}) =>
  queryOptions({
    queryKey: [...cardsQueryKey, counts ? 'counts' : 'list'],
    queryFn: ({ signal }) =>
      getData(counts ? '/v1/cards?counts=true' : '/v1/cards', t('shell.cards_failed'), isCardList, signal),
    queryKeyHashFn: hashKey,
    // The figures move with every visit: read anew when the overview is shown again.
    ...(counts ? { staleTime: 30_000 } : {}),
  });

/** The list, asked for only while someone is signed in (the shell stays a moment after logout). */
export const useCards = (options: { counts?: boolean } = {}) => {
  const signedIn = useAuthState((state) => state.isAuthenticated);
  return useQuery({ ...cardsQueryOptions(options), enabled: signedIn });
};
