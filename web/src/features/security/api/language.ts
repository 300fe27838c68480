import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@shared/i18n/languages';
import type { DataResponse, User } from '@shared/types';
import { api } from '@/lib/api-client';
import { updateUser } from '@/lib/auth';
import { currentUserQueryKey } from '@/lib/current-user';

/**
 * POST /v1/user/profile/update with the account's language alone (docs/product.md §8): every field left out
 * stays as stored, so nothing saved meanwhile in another tab is undone (docs/decisions/0084).
 */
export async function saveLanguage(language: Language) {
  const form = new FormData();
  form.set('language', language);
  return api.postForm<DataResponse<User>>('/v1/user/profile/update', form).then((body) => body.data);
}

/** Saves the language and keeps the answer, so the cached profile says it after the reload. */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => saveLanguage(language),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      updateUser(user);
    },
  });
}
