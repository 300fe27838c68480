import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignatureLayout } from '@shared/signature-layouts';
import type { DataResponse, User } from '@shared/types';
import { api } from '@/lib/api-client';
import { updateUser } from '@/lib/auth';
import { currentUserQueryKey } from '@/lib/current-user';

/** PUT /v1/user/profile/signature-layout: the card's own layout of its e-mail signature. */
export function useSaveSignatureLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (layout: SignatureLayout) =>
      api.put<DataResponse<User>>('/v1/user/profile/signature-layout', { signature_layout: layout }),
    onSuccess: (answer) => {
      if (!answer.data) return;
      queryClient.setQueryData(currentUserQueryKey, answer.data);
      updateUser(answer.data);
    },
  });
}
