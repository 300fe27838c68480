import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ContactsResponse } from '@shared/schemas/contacts';
import type { DataResponse } from '@shared/types';
import { api } from './api-client';

// 'New contacts since your last visit' on the overview (docs/product.md §2, Overview): the moment the owner last
// opened Contacts is kept per account and per browser; a contact that arrived after it is new.
const SEEN = (userId: string) => `contacts:seen:${userId}`;

export function contactsSeenAt(userId: string) {
  try {
    return Number(localStorage.getItem(SEEN(userId)) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** The Contacts screen was opened: everything listed so far has been seen. */
export function useMarkContactsSeen(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    try {
      localStorage.setItem(SEEN(userId), String(Date.now()));
    } catch {
      // Storage blocked: every contact counts as new next time, which says no less than before.
    }
  }, [userId]);
}

// The same key as the Contacts screen's unsearched list, so the two share one answer.
const newContactsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['contacts', ''] as const,
    queryFn: ({ signal }) =>
      api.get<DataResponse<ContactsResponse>>('/v1/user/contacts', signal).then((body) => body.data),
    enabled,
  });

/** How many contacts arrived since the owner last opened Contacts; null while unknown or off. */
export function useNewContacts(userId: string, exchange: boolean) {
  const contacts = useQuery(newContactsQuery(exchange));
  if (!exchange || !contacts.data) return null;
  const seen = contactsSeenAt(userId);
  return contacts.data.contacts.filter((contact) => Date.parse(contact.created_at) > seen).length;
}
