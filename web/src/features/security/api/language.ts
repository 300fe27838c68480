import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@shared/i18n/languages';
import type { DataResponse, User } from '@shared/types';
import { api } from '@/lib/api-client';
import { fetchCurrentUser, updateUser } from '@/lib/auth';
import { currentUserQueryKey } from '@/lib/current-user';

/**
 * POST /v1/user/profile/update with the account's language (issue 26). The route's form requires
 * the name and username, so they go along as the server holds them now: read afresh, not from the
 * 30-second cache, so a rename made meanwhile in another tab is not undone.
 */
export async function saveLanguage(language: Language, fallback: string) {
  const { name, username } = await fetchCurrentUser(undefined, fallback);
  const form = new FormData();
  form.set('name', name);
  form.set('username', username);
  form.set('language', language);
  return api.postForm<DataResponse<User>>('/v1/user/profile/update', form).then((body) => body.data);
}

/** Saves the language and keeps the answer, so the cached profile says it after the reload. */
export function useSaveLanguage(fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => saveLanguage(language, fallback),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      updateUser(user);
    },
  });
}
