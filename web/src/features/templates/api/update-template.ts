import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Template, User } from '@shared/types';
import { api } from '@/lib/api-client';
import { updateUser } from '@/lib/auth';
import { currentUserQueryKey } from '@/lib/current-user';

type TemplateResponse = { success: boolean; message?: string; data?: { template_id: number; template: Template } };

export const updateTemplate = (templateId: number) =>
  api.put<TemplateResponse>('/v1/user/profile/template', { template_id: templateId });

/** docs/product.md §7: success invalidates the caches and stores template_id locally. */
export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: async (body, templateId) => {
      const user = queryClient.getQueryData<User>(currentUserQueryKey);
      if (user) {
        const next = { ...user, template_id: templateId, template: body.data?.template ?? user.template };
        queryClient.setQueryData(currentUserQueryKey, next);
        updateUser(next);
      }
      await Promise.all([queryClient.invalidateQueries({ queryKey: currentUserQueryKey })]);
    },
  });
}
