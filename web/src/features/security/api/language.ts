import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@shared/i18n/languages';
import type { DataResponse, User } from '@shared/types';
import { api } from '@/lib/api-client';
import { updateUser } from '@/lib/auth';
import { currentUserQueryKey } from '@/lib/current-user';

/**
 * POST /v1/user/profile/update with the account's language (issue 26). The route's form requires
 * the name and username, so they go along as stored and nothing else changes.
 */
export const saveLanguage = ({ user, language }: { user: Pick<User, 'name' | 'username'>; language: Language }) => {
  const form = new FormData();
  form.set('name', user.name);
  form.set('username', user.username);
  form.set('language', language);
  return api.postForm<DataResponse<User>>('/v1/user/profile/update', form).then((body) => body.data);
};

/** Saves the language and keeps the answer, so the cached profile says it after the reload. */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLanguage,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      updateUser(user);
    },
  });
}
