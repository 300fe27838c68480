import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@shared/i18n/languages';
import type { DataResponse, User } from '@shared/types';
import { api } from '@/lib/api-client';
import { updateUser } from '@/lib/auth';
import { currentUserQueryKey } from '@/lib/current-user';
import { expireCachedProfile } from '@/lib/profile-cache';
import { queryKeys } from '@/lib/query-keys';

export type ProfileFields = {
  name: string;
  username: string;
  bio: string;
  is_active: boolean;
  job_title: string;
  company: string;
  phone: string;
  public_email: string;
  location: string;
  pronouns: string;
  /** The card's language: what its visitors read; the account's is PUT /v1/user/language. */
  language: Language;
};

/**
 * POST /v1/user/profile/update: a multipart form with is_active as 1 or 0 (docs/product.md §7),
 * holding only the fields given. The form gives the ones the owner changed: a field left out stays
 * as stored, so what another tab saved meanwhile is not undone by this one's stale copy
 * (docs/decisions/0084).
 */
export function updateProfile(fields: Partial<ProfileFields>) {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'boolean') form.set(field, value ? '1' : '0');
    else if (typeof value === 'string') form.set(field, value);
  }
  return api.postForm<DataResponse<User>>('/v1/user/profile/update', form);
}

/**
 * Stores the user a profile call answered, then refreshes what depends on it (docs/product.md §7:
 * saving a profile or avatar refreshes the cached profile, public profile and link data).
 */
export function useStoreUser() {
  const queryClient = useQueryClient();
  return async (user: User | null) => {
    if (user) {
      queryClient.setQueryData(currentUserQueryKey, user);
      updateUser(user);
    } else {
      // Without the new profile in the answer, the refetch below must not be served the old one.
      expireCachedProfile();
    }
    const refresh = Promise.all([
      queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.links }),
    ]);
    // With the answer's user stored the save is done: on a bad network the refetch may take its
    // retries (seconds), which must not keep 'Updating profile...' up for a saved profile.
    if (!user) await refresh;
  };
}

export function useUpdateProfile() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: updateProfile, onSuccess: (body) => storeUser(body.data ?? null) });
}
