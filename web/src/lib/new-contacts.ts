import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ContactsResponse } from '@shared/schemas/contacts';
import type { DataResponse } from '@shared/types';
import { api } from './api-client';
import { useCardId } from './use-card-in-view';

// 'New contacts since your last visit' on the overview (docs/product.md §2, Overview): the moment the
// owner last opened a card's Contacts is kept per card and per browser, as a card's contacts are its
// own; a contact that arrived after it is new. Kept under the card's id (use-card-in-view.ts:
// useCardId): an account's first card has the account's id
// (docs/decisions/0091-cards-apart-from-accounts.md), so the moment kept per account before an
// account held several cards still counts for its first card.
const SEEN = (cardId: string) => `contacts:seen:${cardId}`;

export function contactsSeenAt(cardId: string) {
  try {
    return Number(localStorage.getItem(SEEN(cardId)) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** The Contacts screen of the card in view was opened: everything it lists so far has been seen. */
export function useMarkContactsSeen() {
  const cardId = useCardId();
  useEffect(() => {
    if (!cardId) return;
    try {
      localStorage.setItem(SEEN(cardId), String(Date.now()));
    } catch {
      // Storage blocked: every contact counts as new next time, which says no less than before.
    }
  }, [cardId]);
}

// The same key as the Contacts screen's unsearched list, so the two share one answer.
const newContactsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['contacts', ''] as const,
    queryFn: ({ signal }) =>
      api.get<DataResponse<ContactsResponse>>('/v1/user/contacts', signal).then((body) => body.data),
    enabled,
  });

/**
 * How many of the card in view's contacts arrived since the owner last opened its Contacts; null
 * while unknown or off. `exchange`: whether this card lets visitors share theirs.
 */
export function useNewContacts(exchange: boolean) {
  const cardId = useCardId();
  const contacts = useQuery(newContactsQuery(exchange));
  if (!exchange || !contacts.data || !cardId) return null;
  const seen = contactsSeenAt(cardId);
  return contacts.data.contacts.filter((contact) => Date.parse(contact.created_at) > seen).length;
}
