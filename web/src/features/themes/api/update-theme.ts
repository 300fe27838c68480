import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomTheme, Theme, User } from '@shared/types';
import { api, withFallback } from '@/lib/api-client';
import { updateUser } from '@/lib/auth';
import { words } from '@/lib/i18n';
import { currentUserQueryKey } from '@/lib/current-user';
import { BYPASS_KEY, expireCachedProfile } from '@/lib/profile-cache';
import { queryKeys } from '@/lib/query-keys';

const t = words('looks');

/** What PUT /v1/user/profile/theme receives (docs/product.md §4, Themes). */
export type ThemeUpdate = { custom_theme: CustomTheme } | { theme_id: number; custom_theme: null };
type ThemeResponse = {
  success: boolean;
  message?: string;
  data?: { theme_id: number | null; theme: Theme | null; custom_theme: CustomTheme | null };
};

export const BYPASS_MS = 500;

export const updateTheme = (body: ThemeUpdate) => api.put<ThemeResponse>('/v1/user/profile/theme', body);

/** Skip the cached profile while the save lands, so no screen reads the old theme back. */
function bypassProfileCache() {
  try {
    localStorage.setItem(BYPASS_KEY, 'true');
    window.setTimeout(() => {
      try {
        localStorage.removeItem(BYPASS_KEY);
      } catch (error) {
        console.warn('Could not clear the profile cache flag', error);
      }
    }, BYPASS_MS);
  } catch (error) {
    console.warn('Could not set the profile cache flag', error);
  }
  expireCachedProfile();
}

/**
 * docs/product.md §7: success invalidates the profile, themes, templates, public profile and user
 * caches, updates the locally stored profile and refetches the user.
 */
export function useUpdateTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ThemeUpdate) => {
      bypassProfileCache();
      try {
        return await updateTheme(body);
      } catch (error) {
        // docs/product.md §8: the server's message, else 'Failed to update theme'.
        throw withFallback(error, t('looks.theme_failed'));
      }
    },
    onSuccess: async (response) => {
      const user = queryClient.getQueryData<User>(currentUserQueryKey);
      const stored = Boolean(user && response.data);
      if (user && response.data) {
        const next = { ...user, ...response.data };
        queryClient.setQueryData(currentUserQueryKey, next);
        updateUser(next);
      }
      const refresh = Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.themes }),
        queryClient.invalidateQueries({ queryKey: queryKeys.templates }),
      ]);
      // With the answer stored the save is done: on a bad network the refetches may take their
      // retries (seconds), which must not keep 'Updating theme...' up for a saved theme.
      if (!stored) await refresh;
    },
  });
}
