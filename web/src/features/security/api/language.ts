import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@shared/i18n/languages';
import type { DataResponse, User } from '@shared/types';
import { api } from '@/lib/api-client';
import { updateUser } from '@/lib/auth';
import { currentUserQueryKey } from '@/lib/current-user';

/**
 * PUT /v1/user/language: the account's language, the dashboard's and the e-mails' (docs/product.md
 * §8). No card's language changes: a card's is set with its profile.
 */
export async function saveLanguage(language: Language) {
  return api.put<DataResponse<User>>('/v1/user/language', { language }).then((body) => body.data);
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
