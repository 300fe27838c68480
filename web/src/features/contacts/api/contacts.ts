import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactsResponse } from '@shared/schemas/contacts';
import type { DataResponse, User } from '@shared/types';
import { api, downloadFile } from '@/lib/api-client';
import { updateUser } from '@/lib/auth';
import { currentUserQueryKey } from '@/lib/current-user';

const contactsKey = ['contacts'] as const;

/** GET /v1/user/contacts?q=: newest first, the search applied by the server. */
export const contactsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...contactsKey, q] as const,
    queryFn: ({ signal }) =>
      api
        .get<DataResponse<ContactsResponse>>(`/v1/user/contacts${q ? `?q=${encodeURIComponent(q)}` : ''}`, signal)
        .then((body) => body.data),
    staleTime: 0,
  });

// While a search runs, the list shown so far stays on screen.
export const useContacts = (q: string) => useQuery({ ...contactsQueryOptions(q), placeholderData: keepPreviousData });

function useContactsMutation<In, Out>(call: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsKey }),
  });
}

/** DELETE /v1/user/contacts/{id} */
export const useDeleteContact = () =>
  useContactsMutation((id: string) => api.delete(`/v1/user/contacts/${encodeURIComponent(id)}`));

/** PUT /v1/user/contacts/settings: the e-mail for each new contact. */
export const useContactMail = () =>
  useContactsMutation((notify: boolean) =>
    api.put<DataResponse<{ notify: boolean }> & { message: string }>('/v1/user/contacts/settings', { notify }),
  );

/**
 * 'Let visitors share their contact': the profile's `contact_exchange`, set through
 * POST /v1/user/profile/update alone. Every field left out stays as stored, so a name or username
 * changed meanwhile in another tab is not put back from this screen's copy (docs/decisions/0084).
 */
export function useContactExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => {
      const form = new FormData();
      form.set('contact_exchange', on ? '1' : '0');
      return api.postForm<DataResponse<User>>('/v1/user/profile/update', form);
    },
    onSuccess: async (body) => {
      if (body.data) {
        queryClient.setQueryData(currentUserQueryKey, body.data);
        updateUser(body.data);
      }
      await Promise.all([queryClient.invalidateQueries({ queryKey: contactsKey })]);
    },
  });
}

export const downloadContacts = (kind: 'csv' | 'vcf') =>
  downloadFile(`/v1/user/contacts/export.${kind}`, kind === 'csv' ? 'contacts.csv' : 'contacts.vcf');
