import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidateLinkData } from './save-link';

export const deleteLink = (id: number) => api.delete<{ success: boolean; message?: string }>(`/v1/user/links/${id}`);

export function useDeleteLink() {
  const invalidate = useInvalidateLinkData();
  // Settled, not only on success: a 404 means another tab deleted it first, and the row must go.
  // Not awaited: the row is already gone from the list, and Undo must not wait for the refetch.
  return useMutation({ mutationFn: deleteLink, onSettled: () => void invalidate() });
}
